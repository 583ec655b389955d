// The interpreter PyScript loads (pyscript.toml's "interpreter" names this module; PyScript calls
// its loadPyodide): the vendored Pyodide, started from a memory snapshot of the interpreter with
// the game's modules imported when this browser has a good one, else the plain way (issue 19).
//
// The snapshot is made in this browser, after a plain start of a player who has been here before
// (not on a first visit), by a worker (snapshot-worker.mjs), so the page never waits for it; it is kept in Cache Storage under the key of the build it was made
// from (assets/snapshot-key.json, written by `make vendor`: a hash of Pyodide's files, thousand.zip
// and these two modules) with a SHA-256 of its bytes. One that does not fit is dropped and the page
// starts the plain way: another build's, damaged or truncated (its hash), one whose restore fails,
// or a browser without Cache Storage, workers or WebCrypto. The game's own data (localStorage,
// IndexedDB) is never touched by any of it. After a restore Python's random module is reseeded
// (the snapshot froze its state); the game's draws come from its own seeded generator anyway.
import { loadPyodide as loadPlain, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const HERE = new URL(".", import.meta.url);
const INDEX_URL = new URL("./vendor/pyodide/", HERE).href;
export const SNAPSHOT_CACHE = "thousand-snapshot:" + HERE.href;
export const SNAPSHOT_URL = new URL("./__thousand_snapshot__", HERE).href;
// what the snapshot has imported: what the game's first screen needs, nothing of the page's
export const SNAPSHOT_MODULES = ["asyncio", "json", "thousand.storage", "thousand.ui.app",
                                 "thousand.ui.language"];

const boot = globalThis.thousandBoot = { snapshot: "none" };

async function buildKey() {
  try {
    const response = await fetch(new URL("./snapshot-key.json", HERE));
    return response.ok ? String((await response.json()).key) : null;
  } catch (error) {
    return null;
  }
}

export async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function dropSnapshot() {
  try { await caches.delete(SNAPSHOT_CACHE); } catch (error) { /* nothing kept */ }
}

// The stored snapshot if it is this build's and of its full length: its bytes and the SHA-256
// they must have (checked beside the restore, loadPyodide); else null (and dropped).
async function storedSnapshot(key) {
  if (!(await caches.has(SNAPSHOT_CACHE))) return null;  // (open would make an empty one)
  const cache = await caches.open(SNAPSHOT_CACHE);
  const response = await cache.match(SNAPSHOT_URL);
  if (!response) return null;
  if (response.headers.get("x-thousand-key") !== key) {
    boot.snapshot = "another build";
    await dropSnapshot();
    return null;
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (String(bytes.length) !== response.headers.get("x-thousand-bytes")) {
    boot.snapshot = "damaged";
    await dropSnapshot();
    return null;
  }
  return { bytes, sha256: response.headers.get("x-thousand-sha256") };
}

function makeSnapshotLater(key) {
  addEventListener("py:all-done", () => setTimeout(() => {
    const worker = new Worker(new URL("./snapshot-worker.mjs", HERE), { type: "module" });
    worker.onmessage = ({ data }) => {
      boot.made = data;
      if (!data.ok) console.warn("thousand: no quick start for next time:", data.error);
      dispatchEvent(new CustomEvent("thousand:snapshot", { detail: data }));
      worker.terminate();
    };
    worker.postMessage({ key, indexURL: INDEX_URL, zipURL: new URL("./thousand.zip", HERE).href,
                         modules: SNAPSHOT_MODULES, cacheName: SNAPSHOT_CACHE, url: SNAPSHOT_URL });
  }, 1000), { once: true });
}

export async function loadPyodide(options = {}) {
  // PyScript derives the index URL from this module's place: Pyodide's files are elsewhere.
  options = { ...options, indexURL: INDEX_URL };
  const able = "caches" in globalThis && "Worker" in globalThis && globalThis.crypto?.subtle;
  const asked = performance.now();
  let returning = false;
  try { returning = localStorage.getItem("thousand-screen") !== null; } catch (error) { /* none */ }
  const key = able ? await buildKey() : null;
  if (key) {
    let stored = null;
    try {
      stored = await storedSnapshot(key);
      boot.readMs = performance.now() - asked;  // the key and the stored bytes
    } catch (error) {
      boot.snapshot = "unreadable";
      await dropSnapshot();
    }
    if (stored) {
      const begun = performance.now();
      // the hash is worked out beside the restore (WebCrypto runs off this thread); the
      // restored interpreter is used only if the bytes prove whole
      const check = sha256(stored.bytes);
      let pyodide = null, failure = null;
      try {
        pyodide = await loadPlain({ ...options, _loadSnapshot: stored.bytes });
      } catch (error) {
        failure = error;
      }
      const whole = (await check) === stored.sha256;
      if (whole && pyodide) {
        pyodide.runPython("import random; random.seed()");
        boot.snapshot = "restored";
        boot.restoreMs = performance.now() - begun;
        boot.bytes = stored.bytes.length;
        return pyodide;
      }
      boot.snapshot = whole ? "failed" : "damaged";
      if (failure) console.warn("thousand: the quick start failed, starting the plain way:", failure);
      await dropSnapshot();
    }
  }
  const pyodide = await loadPlain(options);
  // made for a player who comes back (the page drew a screen here before), not on a first visit
  if (key && returning) makeSnapshotLater(key);
  return pyodide;
}

// Makes the memory snapshot that assets/interpreter.mjs starts from: in a worker, after the page
// is ready, so that neither the page nor the player waits for it. A plain interpreter, the game's
// package unpacked as PyScript unpacks it, the start modules imported, the memory kept in Cache
// Storage with the build's key and the SHA-256 of its bytes.
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
import { sha256 } from "./interpreter.mjs";

onmessage = async ({ data: { key, indexURL, zipURL, modules, cacheName, url } }) => {
  try {
    const begun = performance.now();
    const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
    const zip = await fetch(zipURL);
    if (!zip.ok) throw new Error(`${zipURL}: HTTP ${zip.status}`);
    pyodide.unpackArchive(await zip.arrayBuffer(), "zip");
    for (const name of modules) pyodide.pyimport(name).destroy();
    const bytes = pyodide.makeMemorySnapshot();
    const cache = await caches.open(cacheName);
    await cache.put(url, new Response(bytes, { headers: {
      "content-type": "application/octet-stream", "x-thousand-key": key,
      "x-thousand-bytes": String(bytes.length),
      "x-thousand-sha256": await sha256(bytes) } }));
    postMessage({ ok: true, bytes: bytes.length, ms: performance.now() - begun });
  } catch (error) {
    postMessage({ ok: false, error: String(error && error.message || error) });
  }
};

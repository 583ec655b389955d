// Phones joined directly over the local network (WebRTC data channels): no server, no internet.
// Loaded only when "Play with friends" is opened (never by index.html's first paint); the Python
// page calls it through PyScript's `js` (plain strings, Promises, callbacks by name).
// docs/friends.md ("Connecting") says how it works, what each platform does, and the figures.
//
// Host:   host.offer() -> {id, sdp, reach}; show sdp (as a code); host.accept(id, answerSdp).
// Friend: friend.answer(offerSdp) -> {id, sdp, reach}; show sdp back to the host.
// Both:   send(id, text), close(id), onMessage(cb(id, text)), onState(cb(id, state)).
// States: "connecting", "open", "away" (the link dropped: disconnected, failed or closed by the
// other side; "open" again if it comes back), "timeout" (no link within the seconds given: the
// page explains, same Wi-Fi or a hotspot), "closed" (close(id) was called here).
// `reach` says what the description offers the other phone: "address" (at least one local
// address), "mdns" (only name.local names, which some networks and phones cannot resolve), or
// "none" (no way in: on Safari, ask for the camera first).

import * as camera from "./camera.mjs";

// No STUN, TURN or any other host: the phones find each other by their own local addresses.
const CONFIG = { iceServers: [] };
// Both sides make the same channel (pre-negotiated), so neither waits for the other to open one.
const CHANNEL = { negotiated: true, id: 0, ordered: true };
// Gathering local addresses takes milliseconds; past this the description goes as it is.
const GATHER_TIMEOUT_MS = 4000;
// The host has the friend's answer in hand: the link should be up within seconds.
export const HOST_TIMEOUT_S = 15;
// The friend waits while the host reads its code back, which takes a person some time.
export const FRIEND_TIMEOUT_S = 120;

const peers = new Map(); // id -> {pc, channel, state, timer}
let counter = 0;
let messageHandler = null;
let stateHandler = null;

export function onMessage(callback) {
  messageHandler = callback;
}

export function onState(callback) {
  stateHandler = callback;
}

function report(id, state) {
  const peer = peers.get(id);
  if (peer) {
    if (peer.state === state) return;
    peer.state = state;
  }
  if (stateHandler) stateHandler(id, state);
}

// Ask for the camera before any description is made: with its permission Chromium puts the
// phone's addresses in place of name.local names, and Safari puts any local address at all.
// Returns "granted", "denied" (refused), or "none" (no camera, or a browser without one);
// the stream stays open for scanning until camera.release() / scan.stop().
export async function askCamera() {
  try {
    await camera.open();
    return "granted";
  } catch (error) {
    return error && error.name === "NotAllowedError" ? "denied" : "none";
  }
}

export function releaseCamera() {
  camera.release();
}

// What the description's candidates offer the other side: "address", "mdns" or "none".
export function reach(sdp) {
  let names = 0;
  for (const line of String(sdp).split(/\r?\n/)) {
    const m = /^a=candidate:\S+ \d+ \S+ \d+ (\S+) \d+ typ host\b/.exec(line);
    if (!m) continue;
    if (/\.local$/i.test(m[1])) names += 1;
    else return "address";
  }
  return names > 0 ? "mdns" : "none";
}

function gathered(pc) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, GATHER_TIMEOUT_MS);
    function done() {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      pc.removeEventListener("icecandidate", last);
      resolve();
    }
    function check() {
      if (pc.iceGatheringState === "complete") done();
    }
    function last(event) {
      if (!event.candidate) done();
    }
    pc.addEventListener("icegatheringstatechange", check);
    pc.addEventListener("icecandidate", last);
  });
}

function create(prefix) {
  counter += 1;
  const id = `${prefix}${counter}`;
  const pc = new RTCPeerConnection(CONFIG);
  const channel = pc.createDataChannel("thousand", CHANNEL);
  const peer = { pc, channel, state: "new", timer: null };
  peers.set(id, peer);
  channel.addEventListener("open", () => {
    clearTimeout(peer.timer);
    report(id, "open");
  });
  channel.addEventListener("close", () => {
    if (peers.has(id)) report(id, "away");
  });
  channel.addEventListener("message", (event) => {
    if (messageHandler && typeof event.data === "string") messageHandler(id, event.data);
  });
  pc.addEventListener("connectionstatechange", () => {
    const s = pc.connectionState;
    if (s === "disconnected" || s === "failed" || s === "closed") {
      if (peers.has(id) && peer.state !== "new") report(id, "away");
    } else if (s === "connected" && channel.readyState === "open") {
      report(id, "open");
    }
  });
  return { id, peer };
}

// Tell the page when no link came up within `seconds` (it keeps trying: a late link is "open").
function watch(id, peer, seconds) {
  clearTimeout(peer.timer);
  // on a loaded phone the link may be up before the page gets here: never "connecting" after
  if (peer.channel.readyState === "open") return;
  report(id, "connecting");
  peer.timer = setTimeout(() => {
    if (peers.has(id) && peer.channel.readyState !== "open") report(id, "timeout");
  }, Number(seconds) * 1000);
}

function described(id, pc) {
  const sdp = pc.localDescription.sdp;
  return { id, sdp, reach: reach(sdp) };
}

export const host = {
  // A new connection for one friend and its offer, with every local candidate in it.
  async offer() {
    const { id, peer } = create("h");
    await peer.pc.setLocalDescription(await peer.pc.createOffer());
    await gathered(peer.pc);
    return described(id, peer.pc);
  },

  // The friend's answer to the offer `id`; the link comes up by itself ("open"), or "timeout".
  async accept(id, answerSdp, seconds = HOST_TIMEOUT_S) {
    const peer = peers.get(id);
    if (!peer) throw new Error(`no offer ${id} here`);
    await peer.pc.setRemoteDescription({ type: "answer", sdp: String(answerSdp) });
    watch(id, peer, seconds);
  },
};

export const friend = {
  // The host's offer read; the answer to show back to the host.
  async answer(offerSdp, seconds = FRIEND_TIMEOUT_S) {
    const { id, peer } = create("f");
    try {
      await peer.pc.setRemoteDescription({ type: "offer", sdp: String(offerSdp) });
      await peer.pc.setLocalDescription(await peer.pc.createAnswer());
    } catch (error) {
      close(id, false);
      throw error;
    }
    await gathered(peer.pc);
    watch(id, peer, seconds);
    return described(id, peer.pc);
  },
};

// Send one text message; false when the link is not open (the page keeps it for later).
export function send(id, text) {
  const peer = peers.get(id);
  if (!peer || peer.channel.readyState !== "open") return false;
  peer.channel.send(String(text));
  return true;
}

export function state(id) {
  const peer = peers.get(id);
  return peer ? peer.state : "closed";
}

// How many bytes wait to be sent on the link (for the page to hold back when it is slow).
export function buffered(id) {
  const peer = peers.get(id);
  return peer ? peer.channel.bufferedAmount : 0;
}

export function close(id, tell = true) {
  const peer = peers.get(id);
  if (!peer) return;
  peers.delete(id);
  clearTimeout(peer.timer);
  peer.channel.close();
  peer.pc.close();
  if (tell && stateHandler) stateHandler(id, "closed");
}

export function closeAll() {
  for (const id of [...peers.keys()]) close(id);
}

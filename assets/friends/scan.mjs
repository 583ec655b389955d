// Reading a QR code with the camera: the browser's own BarcodeDetector where it reads QR codes
// (Android's Chrome, Safari 17+ on some systems), else jsQR (npm, pinned in package.json, copied
// into assets/vendor by `make vendor`, fetched from this site only when first needed).
// Loaded only when "Play with friends" is opened.
//
// scan.start(video, prefix) -> Promise of the text read (the first code whose text starts with
// `prefix`), "" when scan.stop() ended it first; rejects with the camera's error (its name:
// NotAllowedError refused, NotFoundError no camera, NotSupportedError no camera in this browser).

import * as camera from "./camera.mjs";

const JSQR_URL = new URL("../vendor/jsqr/jsQR.js", import.meta.url).href;
// Frames are read this often: enough to feel instant, little enough to leave the phone cool.
const EVERY_MS = 120;
// A frame is scaled down to this many pixels on its longer side before jsQR reads it.
const MAX_SIDE = 800;

let detector = undefined; // a BarcodeDetector, null for jsQR, undefined before the first look
let jsqrLoading = null;
let running = null; // {video, made, timer, finish}

async function pickDetector() {
  if (detector !== undefined) return detector;
  detector = null;
  if ("BarcodeDetector" in globalThis) {
    try {
      const formats = await globalThis.BarcodeDetector.getSupportedFormats();
      if (formats.includes("qr_code")) detector = new globalThis.BarcodeDetector({ formats: ["qr_code"] });
    } catch (_) {
      detector = null; // some browsers have the class but no detector behind it
    }
  }
  if (detector === null) await loadJsQR();
  return detector;
}

function loadJsQR() {
  if (globalThis.jsQR) return Promise.resolve();
  if (jsqrLoading === null) {
    // jsQR is a classic script (UMD): it sets globalThis.jsQR.
    jsqrLoading = new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = JSQR_URL;
      script.onload = () => resolve();
      script.onerror = () => {
        jsqrLoading = null;
        reject(new Error(`could not load ${JSQR_URL}`));
      };
      document.head.appendChild(script);
    });
  }
  return jsqrLoading;
}

// Which decoder reads the codes here: "BarcodeDetector" or "jsQR".
export async function decoder() {
  return (await pickDetector()) ? "BarcodeDetector" : "jsQR";
}

let canvas = null;

// The text of the QR code in one picture (a <video>, <img>, <canvas> or ImageBitmap), "" if none.
export async function decode(source) {
  const found = await pickDetector();
  const width = source.videoWidth || source.naturalWidth || source.width;
  const height = source.videoHeight || source.naturalHeight || source.height;
  if (!width || !height) return "";
  if (found) {
    const codes = await found.detect(source);
    return codes.length ? codes[0].rawValue : "";
  }
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  const w = Math.round(width * scale);
  const h = Math.round(height * scale);
  canvas = canvas || document.createElement("canvas");
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  ctx.drawImage(source, 0, 0, w, h);
  const pixels = ctx.getImageData(0, 0, w, h);
  // A code on a screen is dark on light: not trying the inverse halves the work per frame.
  const code = globalThis.jsQR(pixels.data, w, h, { inversionAttempts: "dontInvert" });
  if (!code) return "";
  // jsQR gives bytes as Latin-1 characters when they are not valid UTF-8; codes are ASCII.
  return code.data;
}

// Start the camera into `video` (made, and added to the page, if none is given) and read until
// a code whose text starts with `prefix` is seen.
export async function start(video = null, prefix = "") {
  stop();
  const made = !video;
  if (made) {
    video = document.createElement("video");
    video.className = "scan-video";
    document.body.appendChild(video);
  }
  const session = { video, made, timer: null, finish: null };
  running = session;
  const result = new Promise((resolve, reject) => {
    session.finish = (text, error) => {
      if (session.finish === null) return;
      session.finish = null;
      clearTimeout(session.timer);
      if (running === session) running = null;
      video.pause();
      video.srcObject = null;
      if (made) video.remove();
      camera.release();
      if (error) reject(error);
      else resolve(text);
    };
  });
  try {
    const [stream] = await Promise.all([camera.open(), pickDetector()]);
    if (session.finish === null) return result; // stopped while the camera was opening
    video.muted = true;
    video.playsInline = true;
    video.setAttribute("playsinline", "");
    video.srcObject = stream;
    await video.play();
  } catch (error) {
    if (session.finish) session.finish("", error);
    return result;
  }
  const look = async () => {
    if (session.finish === null) return;
    let text = "";
    try {
      if (video.readyState >= 2) text = await decode(video);
    } catch (_) {
      text = ""; // a frame that could not be read: the next one will do
    }
    if (session.finish === null) return;
    if (text && text.startsWith(prefix)) session.finish(text, null);
    else session.timer = setTimeout(look, EVERY_MS);
  };
  look();
  return result;
}

// Stop reading (the promise of start() resolves to "") and turn the camera off.
export function stop() {
  if (running && running.finish) running.finish("", null);
  running = null;
}

export function scanning() {
  return running !== null;
}

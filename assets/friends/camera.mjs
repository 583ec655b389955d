// The back camera, opened once and shared by peer.mjs (its permission is what lets the browser
// put the phone's own addresses in an offer) and scan.mjs (which reads codes from it).
// Loaded only when "Play with friends" is opened, never at start-up.

let stream = null;

function live(s) {
  return s !== null && s.getVideoTracks().some((t) => t.readyState === "live");
}

// The camera's stream, asking for it the first time (the browser may show its prompt).
// Throws the browser's error (NotAllowedError, NotFoundError, ...) when there is none.
export async function open() {
  if (live(stream)) return stream;
  if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
    const error = new Error("this browser gives no camera to the page");
    error.name = "NotSupportedError";
    throw error;
  }
  stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: "environment" },
    audio: false,
  });
  return stream;
}

// Turn the camera off (its light too); the permission stays granted.
export function release() {
  if (stream !== null) stream.getTracks().forEach((t) => t.stop());
  stream = null;
}

export function isOpen() {
  return live(stream);
}

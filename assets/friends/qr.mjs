// A QR code drawn as SVG, for a code shown on one phone and read by another's camera.
// The encoder is qrcode-generator (npm, pinned in package.json, copied into assets/vendor by
// `make vendor`); loaded only when "Play with friends" is opened.

import qrcode from "../vendor/qrcode-generator/qrcode.mjs";

// QR's alphanumeric set: 11 bits for two characters where bytes take 16, so the connection codes
// (thousand/friends/codes.py) are written in it.
const ALPHANUMERIC = /^[0-9A-Z $%*+\-./:]*$/;
// Four modules of white around the code, as the standard asks, so the reader finds its corners.
const QUIET = 4;

function make(text) {
  text = String(text);
  // Level L (7% recovery): the fewest modules, so the largest ones on a phone's screen, read at
  // arm's length; a screen is not a torn sticker, it needs little recovery.
  const code = qrcode(0, "L");
  if (ALPHANUMERIC.test(text)) {
    code.addData(text, "Alphanumeric");
  } else {
    // Any other text as UTF-8 bytes (the encoder keeps the low byte of each character).
    const bytes = new TextEncoder().encode(text);
    code.addData(String.fromCharCode(...bytes), "Byte");
  }
  code.make();
  return code;
}

// The code's version (1 to 40): 17 + 4 × version modules a side.
export function version(text) {
  return (make(text).getModuleCount() - 17) / 4;
}

// The code as an SVG element's source: one path of whole modules on white, scaled by its box
// (give it a width in CSS), edges kept sharp. `label`, if given, is its accessible name.
export function svg(text, label = "") {
  const code = make(text);
  const n = code.getModuleCount();
  const side = n + 2 * QUIET;
  let path = "";
  for (let row = 0; row < n; row += 1) {
    let col = 0;
    while (col < n) {
      if (!code.isDark(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < n && code.isDark(row, col)) col += 1;
      path += `M${start + QUIET} ${row + QUIET}h${col - start}v1h${start - col}z`;
    }
  }
  const name = String(label).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
  const a11y = name ? ` role="img" aria-label="${name}"` : ` aria-hidden="true"`;
  return `<svg xmlns="http://www.w3.org/2000/svg" class="qr" viewBox="0 0 ${side} ${side}"`
    + ` shape-rendering="crispEdges"${a11y}>`
    + `<rect width="${side}" height="${side}" fill="#fff"/>`
    + `<path fill="#000" d="${path}"/></svg>`;
}

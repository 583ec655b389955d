"""Draw the app icons: two fanned cards (a black spade behind, a red heart in front) on the table's
green, written as PNG with the standard library only (shapes are signed distance functions, so
edges are anti-aliased without supersampling; the output is the same bytes on every run).

Usage: python3 tools/make_icons.py [OUTPUT_DIR]   (default assets/icons)

Writes icon-192.png and icon-512.png (rounded square, transparent corners; "purpose": "any") and
icon-maskable-512.png (full-bleed background, the drawing inside the central 80 % circle that every
mask keeps; "purpose": "maskable"), as manifest.webmanifest lists them.
"""
import math
import os
import struct
import sys
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

ACCENT = (0x1F, 0x6B, 0x45)      # --accent
FELT_LIGHT = (0x2E, 0x7D, 0x55)  # the middle of the table, a little lighter than --felt
PAPER = (0xF4, 0xF1, 0xE8)       # --bg: the cards' faces
EDGE = (0x1D, 0x2A, 0x24)        # --fg
RED = (0xB3, 0x26, 0x1E)         # --red
BLACK = (0x1D, 0x2A, 0x24)

ICONS = (("icon-192.png", 192, False), ("icon-512.png", 512, False),
         ("icon-maskable-512.png", 512, True))


# --- signed distances (negative inside), in units of the icon's width ---------------------------

def sd_round_box(x, y, half_w, half_h, r):
    qx, qy = abs(x) - half_w + r, abs(y) - half_h + r
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - r


def sd_heart(x, y):
    """Inigo Quilez's heart: tip at (0, 0), lobes up to y ~ 1.1, width ~ 1.2; y points up."""
    x = abs(x)
    if y + x > 1.0:
        return math.hypot(x - 0.25, y - 0.75) - math.sqrt(2.0) / 4.0
    a = (x - 0.0) ** 2 + (y - 1.0) ** 2
    m = 0.5 * max(x + y, 0.0)
    b = (x - m) ** 2 + (y - m) ** 2
    return math.sqrt(min(a, b)) * (1.0 if x - y > 0 else -1.0)


def sd_stem(x, y, half_base, height):
    """A triangle with its apex at (0, 0) and its base `height` below (y down); near enough to a
    distance for anti-aliasing."""
    slope = height / math.hypot(height, half_base)
    return max((abs(x) - half_base * y / height) * slope, y - height, -y)


def heart(x, y, size):
    """A heart `size` wide centred on (0, 0), y down (image coordinates)."""
    s = size / 1.2
    return sd_heart(x / s, (-y / s) + 0.55) * s


def spade(x, y, size):
    """A spade `size` wide centred on (0, 0), y down: an upside-down heart on a flared stem."""
    s = size / 1.2
    body = sd_heart(x / s, (y / s) + 0.65) * s
    stem = sd_stem(x, y - 0.05 * size, 0.17 * size, 0.47 * size)
    return min(body, stem)


# --- the drawing --------------------------------------------------------------------------------

def rotate(x, y, cx, cy, degrees):
    """(x, y) seen from a frame centred on (cx, cy) and turned by `degrees` (clockwise, y down)."""
    a = math.radians(degrees)
    dx, dy = x - cx, y - cy
    return dx * math.cos(a) + dy * math.sin(a), -dx * math.sin(a) + dy * math.cos(a)


CARD_HALF_W, CARD_HALF_H, CARD_R = 0.19, 0.265, 0.035
# (centre x, centre y, turn, suit) in a drawing that spans about 0.16..0.84 of the width
CARDS = ((0.385, 0.50, -15.0, "spade"), (0.61, 0.52, 12.0, "heart"))


def layers(u, v, px, maskable):
    """Colour layers at (u, v) in 0..1 icon units, bottom first: (rgb, coverage)."""
    out = []
    if maskable:
        out.append((ACCENT, 1.0))
        scale = 0.80  # the drawing inside the safe zone (a circle of radius 0.4)
    else:
        d = sd_round_box(u - 0.5, v - 0.5, 0.5, 0.5, 0.22)
        out.append((ACCENT, coverage(d, px)))
        scale = 1.0
    # a soft light in the middle of the table
    glow = max(0.0, 1.0 - math.hypot(u - 0.5, v - 0.45) / 0.55)
    out.append((FELT_LIGHT, 0.55 * glow * glow * (out[0][1])))
    x, y = 0.5 + (u - 0.5) / scale, 0.5 + (v - 0.5) / scale
    pxs = px / scale
    for cx, cy, turn, suit in CARDS:
        lx, ly = rotate(x, y, cx, cy, turn)
        shadow = sd_round_box(lx - 0.012, ly - 0.02, CARD_HALF_W, CARD_HALF_H, CARD_R)
        out.append(((0, 0, 0), 0.35 * soft(shadow, 0.03)))
        card = sd_round_box(lx, ly, CARD_HALF_W, CARD_HALF_H, CARD_R)
        out.append((EDGE, coverage(card, pxs)))
        out.append((PAPER, coverage(card + max(0.006, 1.2 * pxs), pxs)))
        if suit == "heart":
            out.append((RED, coverage(heart(lx, ly + 0.005, 0.25), pxs)))
        else:
            # the big spade sits left of centre, where the front card leaves it in view
            out.append((BLACK, coverage(spade(lx + 0.06, ly + 0.03, 0.2), pxs)))
        for sx, sy in ((-1, -1), (1, 1)):  # small pips in two corners, as a card has
            pip_x, pip_y = lx - sx * (CARD_HALF_W - 0.055), ly - sy * (CARD_HALF_H - 0.065)
            d = heart(pip_x, -sy * pip_y, 0.06) if suit == "heart" else spade(pip_x, -sy * pip_y, 0.058)
            out.append((RED if suit == "heart" else BLACK, coverage(d, pxs)))
    return out


def coverage(d, px):
    """How much of a pixel `px` wide a shape covers, from its signed distance at the centre."""
    return min(1.0, max(0.0, 0.5 - d / px))


def soft(d, blur):
    return min(1.0, max(0.0, 0.5 - d / blur))


def render(size, maskable):
    px = 1.0 / size
    rows = []
    for j in range(size):
        row = bytearray([0])  # PNG filter type 0 for this row
        v = (j + 0.5) * px
        for i in range(size):
            u = (i + 0.5) * px
            r = g = b = a = 0.0
            for (cr, cg, cb), alpha in layers(u, v, px, maskable):
                if alpha <= 0.0:
                    continue
                # "over" compositing with premultiplied colour
                r = cr / 255 * alpha + r * (1 - alpha)
                g = cg / 255 * alpha + g * (1 - alpha)
                b = cb / 255 * alpha + b * (1 - alpha)
                a = alpha + a * (1 - alpha)
            if a > 0:
                r, g, b = r / a, g / a, b / a
            row += bytes((round(r * 255), round(g * 255), round(b * 255), round(a * 255)))
        rows.append(bytes(row))
    return png(size, size, b"".join(rows))


def png(width, height, raw):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    out = argv[0] if argv else os.path.join(ROOT, "assets", "icons")
    os.makedirs(out, exist_ok=True)
    for name, size, maskable in ICONS:
        data = render(size, maskable)
        with open(os.path.join(out, name), "wb") as fh:
            fh.write(data)
        print(f"make_icons.py: {name} {size}x{size}, {len(data)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Write a short video (.y4m) of a QR code, for Chromium's fake camera in the browser tests.

Usage: python3 tools/qr_video.py TEXT OUT.y4m [--width 640] [--height 480] [--frames 3]

Chromium started with `--use-fake-device-for-media-stream --use-file-for-fake-video-capture=OUT.y4m`
gives the page this video, looped, as its camera: so e2e/test_friends_scan.py shows the page the
code a friend's phone would hold up, and checks that assets/friends/scan.mjs reads it back.

The frames are YUV 4:2:0 (the format Chromium reads from a .y4m): the code's dark modules black on
white, each module a square of whole pixels as large as the frame allows, with the standard's
quiet zone of four modules around it, centred. The code is made by segno (PyPI, pinned in
requirements-dev.txt; a tool and test dependency only, the page draws its codes with
assets/friends/qr.mjs): a full QR code (never a Micro QR, which phone readers ignore), at
error correction level L as the page draws it, in alphanumeric mode when the text allows.
"""
import argparse
import sys

QUIET = 4  # modules of white around the code
BLACK, WHITE, GREY = 0, 255, 128  # luma of a dark and a light pixel; neutral chroma


def code_rows(text: str) -> list:
    """The code's modules with its quiet zone, as rows of booleans (True = dark)."""
    try:
        import segno
    except ImportError:
        raise SystemExit("qr_video.py needs segno (PyPI): run `make venv`") from None
    code = segno.make_qr(text, error="l", boost_error=False)
    return [[bool(m) for m in row] for row in code.matrix_iter(scale=1, border=QUIET)]


def luma_plane(rows: list, width: int, height: int) -> bytes:
    """The frame's Y plane: the code scaled by a whole number of pixels, centred on white."""
    side = len(rows)
    scale = min(width, height) // side
    if scale < 2:
        raise SystemExit(f"qr_video.py: a code of {side} modules does not fit {width}x{height} at 2 px a module")
    left = (width - side * scale) // 2
    top = (height - side * scale) // 2
    plane = bytearray([WHITE]) * (width * height)
    for r, row in enumerate(rows):
        line = bytearray([WHITE]) * width
        for c, dark in enumerate(row):
            if dark:
                x = left + c * scale
                line[x:x + scale] = bytes([BLACK]) * scale
        for y in range(top + r * scale, top + (r + 1) * scale):
            plane[y * width:(y + 1) * width] = line
    return bytes(plane)


def y4m(text: str, width: int = 640, height: int = 480, frames: int = 3) -> bytes:
    """The whole .y4m file: header, then `frames` identical frames at 10 per second."""
    if width % 2 or height % 2:
        raise SystemExit("qr_video.py: 4:2:0 needs an even width and height")
    luma = luma_plane(code_rows(text), width, height)
    chroma = bytes([GREY]) * ((width // 2) * (height // 2))
    frame = b"FRAME\n" + luma + chroma + chroma
    header = f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode("ascii")
    return header + frame * frames


def write(text: str, path: str, width: int = 640, height: int = 480, frames: int = 3) -> None:
    with open(path, "wb") as fh:
        fh.write(y4m(text, width, height, frames))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("text")
    parser.add_argument("out")
    parser.add_argument("--width", type=int, default=640)
    parser.add_argument("--height", type=int, default=480)
    parser.add_argument("--frames", type=int, default=3)
    args = parser.parse_args(argv)
    write(args.text, args.out, args.width, args.height, args.frames)
    return 0


if __name__ == "__main__":
    sys.exit(main())

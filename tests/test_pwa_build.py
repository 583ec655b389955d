"""The installable, offline page's build, on CPython: the service worker's precache list and build
hash (tools/build_sw.py), the static folder (tools/dist.py), the icons (tools/make_icons.py), the
manifest, and when the app offers "Update" (thousand/ui/app.py)."""
import json
import re
import struct
import sys
import zlib
from pathlib import Path
from types import SimpleNamespace

import pytest

from thousand.storage import MemoryBackend, Store
from thousand.ui.app import App

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import build_sw  # noqa: E402
import dist  # noqa: E402

vendored = pytest.mark.skipif(
    not (ROOT / "assets/vendor/pyscript/core.js").exists() or not (ROOT / "assets/thousand.zip").exists(),
    reason="needs `make vendor`")


# --- the worker and the static folder ------------------------------------------------------------

@vendored
def test_precache_lists_what_the_page_loads_as_relative_paths():
    files = build_sw.precache_files(ROOT)
    for needed in ("index.html", "main.py", "manifest.webmanifest", "assets/app.css",
                   "assets/thousand.zip", "assets/cards/back.svg", "assets/cards/AS.svg",
                   "assets/icons/icon-192.png", "assets/vendor/pyscript/core.js",
                   "assets/vendor/pyscript/core.css"):
        assert needed in files
    assert [f for f in files if f.startswith("assets/vendor/pyodide/")] == sorted(
        f"assets/vendor/pyodide/{n}" for n in build_sw.PYODIDE_FILES)
    # the English faces and the back, and the faces of the Russian (and Ukrainian) and the Polish
    # decks (tools/make_cards.py)
    assert len([f for f in files if f.startswith("assets/cards/")]) == 25 + 24 + 24
    pyscript = [f.rsplit("/", 1)[1] for f in files if f.startswith("assets/vendor/pyscript/")]
    assert any(re.fullmatch(r"core-\w+\.js", n) for n in pyscript)
    # the editor, terminal back ends, graph and zip helpers are never loaded, nor are source maps,
    # nor the plugins pyscript.toml switches off
    assert not [n for n in pyscript if n.startswith(("codemirror", "xterm", "pyodide_graph", "zip-"))
                or n.endswith(".map")]
    toml = (ROOT / "pyscript.toml").read_text()
    mpy_config = re.search(r"<mpy-config[^>]*>(.*?)</mpy-config>", (ROOT / "index.html").read_text()).group(1)
    for plugin in ("py-editor", "py-terminal", "py-game", "donkey", "deprecations-manager"):
        assert f'"!{plugin}"' in toml and f"!{plugin}" in json.loads(mpy_config)["plugins"]
        assert not [n for n in pyscript if n.startswith(plugin + "-")], plugin
    # the catalogues the page reads (compiled JSON), not the translators' sources
    locales = [f for f in files if f.startswith("assets/locales/")]
    assert sorted(locales) == sorted(f"assets/locales/{c}.json"
                                     for c in ("ru", "uk", "pl", "ro", "el", "ko", "th"))
    assert all(not f.startswith("/") and "://" not in f for f in files)


@vendored
def test_dist_is_self_contained_and_its_hash_follows_the_content(tmp_path):
    out = tmp_path / "site"
    build, files = dist.build(out)
    written = sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file())
    assert [f for f in written if not f.endswith((".gz", ".br"))] == sorted(files + ["sw.js"])
    # compressed copies for the wire: the runtime's big files, never the zips
    import gzip
    packed = [f for f in written if f.endswith(".gz")]
    assert "assets/vendor/pyodide/pyodide.asm.wasm.gz" in packed and "sw.js.gz" in packed
    assert not [f for f in packed if f.endswith(".zip.gz")]
    assert gzip.decompress((out / "assets/app.css.gz").read_bytes()) == (out / "assets/app.css").read_bytes()
    worker = (out / "sw.js").read_text()
    assert f'const BUILD = "{build}";' in worker
    listed = json.loads(re.search(r"const PRECACHE = (\[.*?\]);\n", worker, re.S).group(1))
    assert [path for path, _ in listed] == ["./"] + files
    revision = dict(listed)
    assert revision["./"] == revision["index.html"]
    assert len(set(revision.values())) > len(files) // 2, "each file has a revision of its own"
    assert dist.rooted_urls(out, files) == []
    # unchanged content: the same worker, not rewritten; any change: a new build
    assert build_sw.write_worker(str(out))[2] is False
    with open(out / "assets" / "app.css", "a") as fh:
        fh.write("/* changed */")
    new_build, _, changed = build_sw.write_worker(str(out))
    assert changed and new_build != build
    worker = (out / "sw.js").read_text()
    assert f'const BUILD = "{new_build}";' in worker
    relisted = dict(json.loads(re.search(r"const PRECACHE = (\[.*?\]);\n", worker, re.S).group(1)))
    # only the changed file has another revision: an update downloads only it
    assert [p for p in relisted if relisted[p] != revision[p]] == ["assets/app.css"]


def test_rooted_urls_are_caught(tmp_path):
    (tmp_path / "index.html").write_text('<link rel="stylesheet" href="/assets/app.css">')
    (tmp_path / "main.py").write_text("print('src=\"/x\" is only text here')")
    (tmp_path / "ok.html").write_text('<a href="./x">x</a><a href="//example.org/">y</a>')
    assert dist.rooted_urls(tmp_path, ["index.html", "ok.html"]) == ["index.html"]


def test_dist_refuses_to_overwrite_the_sources():
    with pytest.raises(SystemExit):
        dist.build(ROOT)


# --- manifest and icons ----------------------------------------------------------------------------

def read_png(path: Path):
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
    assert (depth, colour) == (8, 6), "8-bit RGBA"
    idat, pos = b"", 8
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * 4 + 1
    assert all(raw[y * stride] == 0 for y in range(height)), "rows are unfiltered"
    return width, height, lambda x, y: tuple(raw[y * stride + 1 + 4 * x: y * stride + 5 + 4 * x])


def test_manifest_names_the_icons_that_exist_at_their_sizes():
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] == "standalone" and manifest["orientation"] == "portrait"
    assert manifest["theme_color"] == "#1f6b45" and manifest["background_color"] == "#f4f1e8"
    for icon in manifest["icons"]:
        width, height, _ = read_png(ROOT / icon["src"])
        assert f"{width}x{height}" == icon["sizes"]
    assert {i["purpose"] for i in manifest["icons"]} == {"any", "maskable"}
    index = (ROOT / "index.html").read_text()
    assert '<link rel="manifest" href="./manifest.webmanifest">' in index
    assert f'<meta name="theme-color" content="{manifest["theme_color"]}">' in index


def test_icons_corners_and_the_maskable_safe_zone():
    width, _, pixel = read_png(ROOT / "assets/icons/icon-512.png")
    assert pixel(0, 0)[3] == 0 and pixel(width // 2, 8)[3] == 255  # rounded corners, solid edge
    size, _, pixel = read_png(ROOT / "assets/icons/icon-maskable-512.png")
    c = size / 2
    for y in range(0, size, 4):
        for x in range(0, size, 4):
            r, g, b, a = pixel(x, y)
            assert a == 255, "a maskable icon is opaque to its edges"
            if (x + 0.5 - c) ** 2 + (y + 0.5 - c) ** 2 > (0.4 * size) ** 2:
                assert g > r + 40 and g > b + 10, f"drawing outside the safe zone at {x},{y}"


# --- the "Update" offer ----------------------------------------------------------------------------

def test_update_is_offered_at_home_and_between_deals_only():
    app = App(Store(MemoryBackend()), delay=0, seed=3)
    accepted = []
    assert "update-offer" not in app.render()
    app.update_ready = True
    assert not app.update_offered(), "no offer without a way to apply it"
    app.update_hook = lambda: accepted.append(True)
    assert 'data-do="update"' in app.render()

    app.handle({"do": "go", "screen": "new"})
    assert "update-offer" not in app.render()
    app.handle({"do": "new.start"})
    assert app.screen == "table" and app.session.state["phase"] == "deal"
    assert "update-offer" in app.render()  # before the first deal
    app.handle({"do": "update"})
    assert accepted == [True]

    # in the middle of a deal: neither offered nor applied
    app.session = SimpleNamespace(state={"phase": "bidding"})
    assert not app.update_offered()
    app.handle({"do": "update"})
    assert accepted == [True]
    app.session.state["phase"] = "game_over"
    assert app.update_offered()

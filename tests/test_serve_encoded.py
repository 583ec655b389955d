"""tools/serve.py sends a file's compressed copy (tools/dist.py writes name.gz / name.br) when the
browser accepts that encoding, with the file's own type; never a copy older than the file."""
import gzip
import os
import sys
import threading
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import serve  # noqa: E402


@pytest.fixture
def site(tmp_path):
    server = serve.make_server(port=0, directory=str(tmp_path), quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield tmp_path, f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def get(url, encoding=None):
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding} if encoding else {})
    with urllib.request.urlopen(request) as response:
        return response.headers, response.read()


def test_gzip_copy_sent_when_accepted_with_the_file_s_type(site):
    folder, url = site
    body = b"(function () { return 1; })();\n" * 200
    (folder / "a.js").write_bytes(body)
    (folder / "a.js.gz").write_bytes(gzip.compress(body, mtime=0))
    headers, data = get(url + "a.js", "gzip, deflate, br")
    assert headers["Content-Encoding"] == "gzip"
    assert headers["Content-Type"].startswith("text/javascript")
    assert "Accept-Encoding" in headers["Vary"]
    assert gzip.decompress(data) == body
    headers, data = get(url + "a.js")  # not accepted: the file itself
    assert headers.get("Content-Encoding") is None and data == body


def test_a_stale_copy_is_never_sent(site):
    folder, url = site
    (folder / "a.css").write_bytes(b"body { color: red; }\n" * 50)
    (folder / "a.css.gz").write_bytes(gzip.compress(b"old", mtime=0))
    old = os.path.getmtime(folder / "a.css") - 100
    os.utime(folder / "a.css.gz", (old, old))
    headers, data = get(url + "a.css", "gzip")
    assert headers.get("Content-Encoding") is None
    assert data == b"body { color: red; }\n" * 50

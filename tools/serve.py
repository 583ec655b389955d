"""Serve the repository root over HTTP on the loopback interface, for `make play` and the e2e tests.

Usage: python3 tools/serve.py [--host 127.0.0.1] [--port 8000] [--directory DIR] [--quiet]

Differences from `python3 -m http.server`: MIME types that PyScript/Pyodide need
(`.wasm` must be application/wasm for streaming compilation, `.mjs` must be JavaScript
for module scripts), `Cache-Control: no-cache` on every answer so an edited file is
picked up on reload, a file's compressed copy (name.br or name.gz, written by tools/dist.py)
sent when the browser accepts that encoding and the copy is not older than the file, and the
address is printed (and flushed) before serving, so a parent process can read it.
`--port 0` picks a free port. Standard library only.
"""
import argparse
import email.utils
import functools
import http.server
import os
import signal
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".map": "application/json; charset=utf-8",
    ".json": "application/json; charset=utf-8",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json; charset=utf-8",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    quiet = False

    def guess_type(self, path):
        _, ext = os.path.splitext(path)
        return MIME_TYPES.get(ext.lower()) or super().guess_type(path)

    # (Accept-Encoding token, file suffix, Content-Encoding), best first
    ENCODINGS = (("br", ".br", "br"), ("gzip", ".gz", "gzip"))

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isfile(path):
            accepted = {t.split(";")[0].strip().lower()
                        for t in self.headers.get("Accept-Encoding", "").split(",")}
            for token, suffix, encoding in self.ENCODINGS:
                packed = path + suffix
                if token in accepted and os.path.isfile(packed) and \
                        os.path.getmtime(packed) >= os.path.getmtime(path):
                    return self._send_encoded(path, packed, encoding)
        return super().send_head()

    def _send_encoded(self, path, packed, encoding):
        """The compressed copy of `path`, with the type of `path` (a 304 when unchanged)."""
        stat = os.stat(packed)
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            try:
                if int(stat.st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(304)
                    self.send_header("Vary", "Accept-Encoding")
                    self.end_headers()
                    return None
            except (TypeError, ValueError, OverflowError):
                pass
        fh = open(packed, "rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(stat.st_size))
        self.send_header("Last-Modified", self.date_time_string(stat.st_mtime))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return fh

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A browser closing a connection mid-transfer is normal; do not print a traceback.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def make_server(host="127.0.0.1", port=8000, directory=ROOT, quiet=False):
    """Return a bound (not yet serving) server; its port is `server.server_address[1]`."""
    handler = type("BoundHandler", (Handler,), {"quiet": quiet})
    return Server((host, port), functools.partial(handler, directory=directory))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--directory", default=ROOT)
    parser.add_argument("--quiet", action="store_true", help="do not log each request")
    args = parser.parse_args(argv)
    try:
        server = make_server(args.host, args.port, args.directory, args.quiet)
    except OSError as exc:
        print(f"serve.py: cannot listen on {args.host}:{args.port}: {exc.strerror}", file=sys.stderr)
        return 1
    host, port = server.server_address[:2]
    print(f"http://{host}:{port}/", flush=True)
    # Stopped by a parent (the e2e fixture, a CI job): exit cleanly, like Ctrl-C.
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(0))
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A stand-in for TMDB's API in a process of its own, for tests whose servers must get their answer in time
however busy the test process is (an in-process fake answers only when the test process's threads get to it).

Usage: fake-tmdb.py --fixtures DIR --dir DIR --api-key KEY [--delay-ms N]

Serves `/3/configuration` and `/3/movie/9001` from the fixtures (Tests/MarqueeTests/Fixtures/tmdb), after the
delay, to requests carrying the key; anything else is TMDB's 404. Each request's path is appended to DIR/calls, and
the port is written to DIR/port once it accepts connections. Ends with SIGTERM or with the process that started it.
"""
import argparse
import http.server
import os
import threading
import time
import urllib.parse

from lifetime import live_until_parent_ends

FILES = {"/3/configuration": "configuration.json", "/3/movie/9001": "movie-9001.json"}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--fixtures", required=True)
    parser.add_argument("--dir", required=True)
    parser.add_argument("--api-key", required=True)
    parser.add_argument("--delay-ms", type=int, default=0)
    options = parser.parse_args()
    lock = threading.Lock()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            url = urllib.parse.urlsplit(self.path)
            with lock, open(os.path.join(options.dir, "calls"), "a") as calls:
                calls.write(url.path + "\n")
            time.sleep(options.delay_ms / 1000)
            key = urllib.parse.parse_qs(url.query).get("api_key", [""])[0]
            name = FILES.get(url.path) if key == options.api_key else "error-401.json"
            status = 200 if url.path in FILES and key == options.api_key else (401 if name else 404)
            with open(os.path.join(options.fixtures, name or "error-404.json"), "rb") as handle:
                body = handle.read()
            self.send_response(status)
            self.send_header("Content-Type", "application/json;charset=utf-8")
            self.send_header("Cache-Control", "public, max-age=3600")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port_file = os.path.join(options.dir, "port")
    with open(port_file + ".part", "w") as handle:
        handle.write(str(server.server_address[1]))
    os.rename(port_file + ".part", port_file)

    live_until_parent_ends()


if __name__ == "__main__":
    main()

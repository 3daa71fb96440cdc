"""What the bench scripts share: a free loopback port, waiting for a server, nginx serving the same bytes as a
yardstick, and wrk runs and their report."""
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_ready(url: str, deadline: float) -> float:
    """Polls `url` until it answers 200 (returns the time it did) or `deadline` (time.monotonic()) passes."""
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=0.5) as response:
                if response.status == 200:
                    return time.monotonic()
        except Exception:
            pass
        time.sleep(0.002)
    raise RuntimeError(f"{url} not ready in time")


def parse_wrk(output: str):
    """wrk's requests/s, p50 and p99 in ms (None without --latency), and its count of non-2xx/3xx answers."""
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    latencies = {}
    for label, value, unit in re.findall(r"^\s+(50|99)%\s+([\d.]+)(us|ms|s)\s*$", output, re.M):
        latencies[label] = float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    return rate, latencies.get("50"), latencies.get("99"), int(non2xx.group(1)) if non2xx else 0


class Nginx:
    CONF = """worker_processes auto; daemon off; pid {p}/nginx.pid; error_log {p}/error.log warn;
events {{ worker_connections 8192; }}
http {{ access_log off; sendfile on; tcp_nopush on; keepalive_requests 1000000; default_type application/json;
  client_body_temp_path {p}/t1; proxy_temp_path {p}/t2; fastcgi_temp_path {p}/t3; uwsgi_temp_path {p}/t4;
  scgi_temp_path {p}/t5;
  server {{ listen 127.0.0.1:{port}; root {p}/html; location / {{ }} }} }}
"""

    def __init__(self, body: bytes):
        self.prefix = tempfile.mkdtemp(prefix="marquee-bench-nginx-")
        os.chmod(self.prefix, 0o755)  # nginx's workers run as an unprivileged user
        os.makedirs(os.path.join(self.prefix, "html"), mode=0o755)
        with open(os.path.join(self.prefix, "html", "page.json"), "wb") as handle:
            handle.write(body)
        self.port = free_port()
        with open(os.path.join(self.prefix, "nginx.conf"), "w") as handle:
            handle.write(self.CONF.format(p=self.prefix, port=self.port))
        self.process = None

    def start(self):
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        self.process = subprocess.Popen(
            [binary, "-p", self.prefix, "-c", "nginx.conf"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_ready(f"http://127.0.0.1:{self.port}/page.json", time.monotonic() + 10)

    def stop(self):
        if self.process:
            self.process.terminate()
            self.process.wait(timeout=10)
        shutil.rmtree(self.prefix, ignore_errors=True)


def wrk(url: str, connections: int, duration: int, headers: tuple = ()) -> dict:
    extra = [argument for header in headers for argument in ("-H", header)]
    output = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{duration}s", "--latency", *extra, url],
        capture_output=True, text=True, timeout=duration + 30).stdout
    rate, p50, p99, non2xx = parse_wrk(output)
    return {"rps": rate, "p50_ms": p50, "p99_ms": p99, "non2xx": non2xx}


def median_run(runs: list) -> dict:
    ordered = sorted(runs, key=lambda run: run["rps"])
    return ordered[len(ordered) // 2]

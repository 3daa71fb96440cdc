"""What the bench scripts share: a free loopback port, waiting for a server, and reading wrk's report."""
import re
import socket
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

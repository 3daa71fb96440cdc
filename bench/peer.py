#!/usr/bin/env python3
"""Drives ../shared/peer-bench (Marquee side by side with PocketBase) with Marquee's adapter as it is, except for
the benchmark users' password: Marquee's policy asks for upper- and lower-case letters and a digit.

Usage: same arguments as peer-bench's bench.py, e.g.
    PY=/tmp/peers/venv/bin/python
    $PY bench/peer.py marquee create read --clients wrk --marquee-cmd "..." --marquee-data-dir DIR
`bench/run-peers` runs the whole comparison.
"""
import os
import sys

PEER_BENCH = os.environ.get(
    "PEER_BENCH", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "peer-bench"))
sys.path.insert(0, os.path.abspath(PEER_BENCH))

import peerbench.adapters.marquee as marquee_adapter  # noqa: E402

marquee_adapter.USER_PASS = "Bench-user-pass-123"

# The fan-out workload starts its writer with multiprocessing's "spawn", which imports this file again.
if __name__ == "__main__":
    import bench

    bench.main()

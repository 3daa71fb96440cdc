#!/usr/bin/env python3
"""Drives ../shared/peer-bench (Marquee side by side with PocketBase) with Marquee's adapter as it is, except for
the benchmark users' password (Marquee's policy asks for upper- and lower-case letters and a digit) and the saved
movies' ids: Marquee takes whole numbers only, so each save's id is a number made from its unique key (nonce, worker,
count), and the key itself stays in the title and note, where the fan-out workload finds it.

Usage: same arguments as peer-bench's bench.py, e.g.
    PY=/tmp/peers/venv/bin/python
    $PY bench/peer.py marquee create read --clients wrk --marquee-cmd "..." --marquee-data-dir DIR
`bench/run-peers` runs the whole comparison.
"""
import os
import re
import sys

PEER_BENCH = os.environ.get(
    "PEER_BENCH", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "peer-bench"))
sys.path.insert(0, os.path.abspath(PEER_BENCH))

import peerbench.adapters.marquee as marquee_adapter  # noqa: E402

marquee_adapter.USER_PASS = "Bench-user-pass-123"

from peerbench import wrkrun  # noqa: E402
from peerbench.adapters.base import KEY_PLACEHOLDER, Req  # noqa: E402

ID_PLACEHOLDER = "@@ID@@"
KEY_PARTS = re.compile(r"bk([0-9a-z]{6})x(\d+)x(\d+)")


def movie_id(key: str) -> str:
    """A whole number unique to a key `bk{nonce}x{worker}x{count}` (at most 16 digits, no leading zero)."""
    nonce, worker, count = KEY_PARTS.fullmatch(key).groups()
    return f"{int(nonce, 36) % 99999 + 1}{int(worker):03d}{int(count):08d}"


_with_key = Req.with_key


def with_key(self: Req, key: str) -> Req:
    req = _with_key(self, key)
    if ID_PLACEHOLDER not in req.path:
        return req
    return Req(req.method, req.path.replace(ID_PLACEHOLDER, movie_id(key)), req.headers, req.body)


Req.with_key = with_key
_create_req = marquee_adapter.MarqueeAdapter.create_req


def create_req(self, user):
    req = _create_req(self, user)
    return Req(req.method, req.path.replace(KEY_PLACEHOLDER, ID_PLACEHOLDER), req.headers, req.body)


marquee_adapter.MarqueeAdapter.create_req = create_req
# wrk's script makes the same number from its own key.
wrkrun.LUA_TMPL = wrkrun.LUA_TMPL.replace(
    '  local p = r.p:gsub("%(ph)s", key)\n',
    '  local p = r.p:gsub("%(ph)s", key)\n'
    '  p = p:gsub("' + ID_PLACEHOLDER + '", (tonumber(nonce, 36) %% 99999 + 1) .. string.format("%%03d%%08d", 900 + tid, counter))\n')
assert ID_PLACEHOLDER in wrkrun.LUA_TMPL

# The fan-out workload starts its writer with multiprocessing's "spawn", which imports this file again.
if __name__ == "__main__":
    import bench

    bench.main()

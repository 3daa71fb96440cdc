#!/usr/bin/env python3
"""Durable saves and live delivery on SQLite (one instance) and PostgreSQL (one and two instances), in one run.

Run through `bench/instances`, which builds Marquee, starts a throwaway PostgreSQL and provides aiohttp:
    python bench/instances.py --binary .build/release/marquee --postgres URL [--duration 10] [--streams 100,1000]

For each setup it starts real `marquee serve` processes and measures
  - saves/s at 32 connections (wrk, 32 guests, each request a new favourite; with two instances, 16 connections
    on each, in parallel) and at 1 connection, with wrk's p50/p99;
  - live delivery: S streams of one person open on the *last* instance, 20 saves at 2 per second sent to the
    *first*; latency from sending a save to each stream reading its event (measured in this client process).
"""
import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time
import urllib.parse

import aiohttp

from benchlib import parse_wrk

BASE_PORT = 18091


def percentile(values, p):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def postgres_database(server_url, name):
    """Creates (or re-creates) database `name` on the server and returns its URL."""
    subprocess.run(["psql", server_url, "-qc", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"], check=True)
    subprocess.run(["psql", server_url, "-qc", f"CREATE DATABASE {name}"], check=True)
    parts = urllib.parse.urlsplit(server_url)
    return urllib.parse.urlunsplit(parts._replace(path="/" + name))


class Instances:
    """`count` marquee serve processes sharing one database (or one SQLite folder when `database_url` is None)."""

    def __init__(self, binary, count, database_url):
        self.binary, self.count, self.database_url = binary, count, database_url
        self.processes, self.folders = [], []

    async def __aenter__(self):
        shared = tempfile.mkdtemp(prefix="marquee-bench-")
        self.folders.append(shared)
        for index in range(self.count):
            env = dict(os.environ, MARQUEE_ITEM_LIMIT="10000000", MARQUEE_STREAM_LIMIT="10000",
                       MARQUEE_AUTH_THROTTLE_LIMIT="0", MARQUEE_LOG_LEVEL="warning")
            if self.database_url:
                env["MARQUEE_DATABASE_URL"] = self.database_url
                folder = tempfile.mkdtemp(prefix="marquee-bench-")
                self.folders.append(folder)
            else:
                folder = shared
            env["MARQUEE_DATA_DIR"] = folder
            self.processes.append(subprocess.Popen(
                [self.binary, "serve", "--port", str(BASE_PORT + index)], env=env, stdout=subprocess.DEVNULL))
        async with aiohttp.ClientSession() as session:
            for port in self.ports:
                for _ in range(300):
                    try:
                        async with session.get(f"http://127.0.0.1:{port}/readyz") as response:
                            if response.status == 200:
                                break
                    except aiohttp.ClientError:
                        pass
                    await asyncio.sleep(0.1)
                else:
                    raise RuntimeError(f"marquee on port {port} did not become ready")
        return self

    async def __aexit__(self, *_):
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
        for folder in self.folders:
            shutil.rmtree(folder, ignore_errors=True)

    @property
    def ports(self):
        return [BASE_PORT + index for index in range(self.count)]


async def guests(port, count):
    async with aiohttp.ClientSession() as session:
        tokens = []
        for _ in range(count):
            async with session.post(f"http://127.0.0.1:{port}/api/v1/auth/guest") as response:
                tokens.append((await response.json())["access_token"])
        return tokens


WRK_SCRIPT = """
local tokens = {%s}
local counter = 0
local prefix = 0
function setup(thread)
    prefix = prefix + 1
    thread:set("prefix", prefix)
end
function request()
    counter = counter + 1
    local token = tokens[(counter %% #tokens) + 1]
    local path = "/api/v1/me/items/favorites/movie/" .. (prefix * 100000000 + counter)
    return wrk.format("PUT", path, {["Authorization"] = "Bearer " .. token,
        ["Content-Type"] = "application/json"}, '{"snapshot":{"title":"Bench film"}}')
end
"""


async def saves(instances, connections, duration, tokens):
    """wrk PUTs of new favourites, connections split evenly over the instances; returns (rate, p50, p99)."""
    script = tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False)
    script.write(WRK_SCRIPT % ", ".join(f'"{t}"' for t in tokens))
    script.close()
    per_instance = max(1, connections // instances.count)
    procs = []
    for port in instances.ports[: connections if connections < instances.count else instances.count]:
        procs.append(await asyncio.create_subprocess_exec(
            "wrk", "-t1", f"-c{per_instance}", f"-d{duration}s", "--latency", "-s", script.name,
            f"http://127.0.0.1:{port}", stdout=asyncio.subprocess.PIPE))
    results = [parse_wrk((await p.communicate())[0].decode()) for p in procs]
    os.unlink(script.name)
    errors = sum(r[3] for r in results)
    if errors:
        print(f"  warning: {errors} saves were not answered 201")
    return (sum(r[0] for r in results), max(r[1] for r in results), max(r[2] for r in results))


async def delivery(instances, stream_count, writes=20, rate=2.0):
    """S streams on the last instance, saves on the first; returns (p50, p99, max, delivered, expected, ack p50)."""
    reader_port, writer_port = instances.ports[-1], instances.ports[0]
    token = (await guests(writer_port, 1))[0]
    headers = {"Authorization": f"Bearer {token}", "Accept": "text/event-stream"}
    received = [dict() for _ in range(stream_count)]
    ready = [asyncio.Event() for _ in range(stream_count)]
    connector = aiohttp.TCPConnector(limit=0)
    timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
        async def stream(index):
            async with session.get(f"http://127.0.0.1:{reader_port}/api/v1/me/changes/stream", headers=headers) as r:
                event_id = None
                async for raw in r.content:
                    line = raw.decode().rstrip("\n")
                    if line.startswith("id:"):
                        event_id = int(line[3:].strip())
                    elif line.startswith("event: snapshot"):
                        ready[index].set()
                    elif line == "" and event_id is not None:
                        received[index].setdefault(event_id, time.perf_counter())
                        event_id = None
        tasks = [asyncio.create_task(stream(i)) for i in range(stream_count)]
        await asyncio.wait_for(asyncio.gather(*(e.wait() for e in ready)), timeout=120)
        await asyncio.sleep(1)
        sent, acks = {}, []
        for n in range(writes):
            started = time.perf_counter()
            async with session.put(
                f"http://127.0.0.1:{writer_port}/api/v1/me/items/favorites/movie/{n + 1}",
                headers={"Authorization": f"Bearer {token}"}, json={"snapshot": {"title": f"Film {n}"}}) as r:
                body = await r.json()
            acks.append((time.perf_counter() - started) * 1000)
            sent[body["seq"]] = started
            await asyncio.sleep(max(0, 1 / rate - (time.perf_counter() - started)))
        await asyncio.sleep(5)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    latencies = [(got[seq] - at) * 1000 for got in received for seq, at in sent.items() if seq in got]
    return (percentile(latencies, 50), percentile(latencies, 99), max(latencies, default=float("nan")),
            len(latencies), stream_count * writes, statistics.median(acks))


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--postgres", required=True, help="URL of a PostgreSQL server (its maintenance database)")
    parser.add_argument("--duration", type=int, default=10)
    parser.add_argument("--streams", default="100,1000")
    parser.add_argument("--out")
    args = parser.parse_args()
    setups = [("SQLite, 1 instance", None, 1), ("PostgreSQL, 1 instance", "bench_one", 1),
              ("PostgreSQL, 2 instances", "bench_two", 2)]
    rows = []
    for label, database, count in setups:
        url = postgres_database(args.postgres, database) if database else None
        print(f"{label}:", flush=True)
        row = {"setup": label}
        async with Instances(args.binary, count, url) as instances:
            tokens = await guests(instances.ports[0], 32)
            row["saves_32"] = await saves(instances, 32, args.duration, tokens)
            print(f"  saves, 32 connections: {row['saves_32'][0]:,.0f}/s p50 {row['saves_32'][1]:.1f} ms "
                  f"p99 {row['saves_32'][2]:.1f} ms", flush=True)
            row["saves_1"] = await saves(instances, 1, args.duration, tokens[:1])
            print(f"  saves, 1 connection: {row['saves_1'][0]:,.0f}/s p50 {row['saves_1'][1]:.2f} ms", flush=True)
            for streams in [int(s) for s in args.streams.split(",")]:
                result = await delivery(instances, streams)
                row[f"delivery_{streams}"] = result
                print(f"  delivery to {streams} streams: p50 {result[0]:.1f} ms p99 {result[1]:.1f} ms "
                      f"max {result[2]:.1f} ms ({result[3]}/{result[4]} events; save ack p50 {result[5]:.1f} ms)",
                      flush=True)
        rows.append(row)
    if args.out:
        with open(args.out, "w") as f:
            json.dump(rows, f, indent=2)


if __name__ == "__main__":
    asyncio.run(main())

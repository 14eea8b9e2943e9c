"""The accounts' and streams' doors measured against a real server (docs/RELIABILITY.md, "The site's own doors"):

- a burst of 30 parallel sign-ins for one account, 29 wrong and the right one last: how many passwords the server
  checked (answered "do not match" or signed in, rather than refused before the check);
- 40 parallel sign-ups from one client address: how many went through, and the server's resident memory before
  and at its peak (sampled every 20 ms);
- an open event stream whose listed watch link is taken off Live now: how long until the server ends it.

    python -m tests.bench.bench_accounts              # SQLite in a temporary folder
    python -m tests.bench.bench_accounts --database-url postgresql+psycopg://postgres@127.0.0.1:5432/bench_doors
"""

from __future__ import annotations

import argparse
import http.client
import json
import tempfile
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from tests.bench.procs import app_server, rss_bytes
from tests.e2e.test_faults_crash import api, new_game

PASSWORD = "correct horse battery"


def post(url: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def together(calls: list[Any]) -> list[Any]:
    start = threading.Barrier(len(calls))

    def one(call: Any) -> Any:
        start.wait()
        return call()

    with ThreadPoolExecutor(len(calls)) as pool:
        return list(pool.map(one, calls))


def burst(base: str) -> int:
    assert post(f"{base}/api/account/sign-up", {"email": "ana@example.org", "password": PASSWORD,
                                                "name": "Ana"})[0] == 201
    guesses = [f"wrong guess {i}" for i in range(29)] + [PASSWORD]
    answers = together([lambda g=g: post(f"{base}/api/account/sign-in", {"email": "ana@example.org", "password": g})
                        for g in guesses])
    return sum(1 for status, body in answers if status == 200 or body.get("code") == "account.sign_in_failed")


def sign_ups(base: str, pid: int) -> tuple[int, int, int]:
    """(accepted, RSS before, peak RSS) for 40 parallel sign-ups."""
    before, peak, done = rss_bytes(pid), [0], threading.Event()

    def sample() -> None:
        while not done.is_set():
            peak[0] = max(peak[0], rss_bytes(pid))
            time.sleep(0.02)

    sampler = threading.Thread(target=sample)
    sampler.start()
    answers = together([lambda i=i: post(f"{base}/api/account/sign-up", {
        "email": f"p{i}@example.org", "password": PASSWORD, "name": f"P{i}"}) for i in range(40)])
    time.sleep(0.5)
    done.set()
    sampler.join()
    return sum(1 for status, _ in answers if status == 201), before, peak[0]


def revocation(server: Any) -> float:
    """Seconds from taking a listed game off Live now to the end of a stream opened with its watch link."""
    game = new_game(server, "Revocation")
    status, listing = api("PUT", server.url(f"/api/games/{game['id']}/listing"), None, game["tokens"]["table"])
    assert status == 200, listing
    watch = listing["watch"].rsplit("/", 1)[1]
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    conn.request("GET", f"/api/games/{game['id']}/events", headers={"X-Token": watch})
    stream = conn.getresponse()
    assert stream.status == 200
    while b"event: commit" not in stream.readline():
        pass
    status, _ = api("DELETE", server.url(f"/api/games/{game['id']}/listing"), None, game["tokens"]["table"])
    assert status == 204
    taken_off = time.monotonic()
    while stream.readline():
        pass
    ended = time.monotonic() - taken_off
    conn.close()
    return ended


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.bench_accounts", description=__doc__.split("\n")[0])
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    server = app_server(Path(tempfile.mkdtemp(prefix="tk-doors-")), args.database_url)
    try:
        base = server.url("").rstrip("/")
        checked = burst(base)
        accepted, before, peak = sign_ups(base, server.proc.pid)
        ended = revocation(server)
    finally:
        server.stop()
    print(f"burst of 30 sign-ins: {checked} passwords checked")
    print(f"40 parallel sign-ups: {accepted} accepted; memory {before / 2**20:.0f} MB before, "
          f"{peak / 2**20:.0f} MB at the peak")
    print(f"a stream of a revoked link ended {ended:.2f} s after the link was taken off")


if __name__ == "__main__":
    main()

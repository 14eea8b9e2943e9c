"""The flake hunt (`make flakes`): run the same tests N times and name every test that failed at least once.

Under load a flaky test is a bug (a wait for a moment instead of a state), so one failure in N runs counts.
Each run is its own pytest process with a JUnit report; the summary lists each failed test with its count and
the exit status is 1 when any test failed (or a run broke before reporting), else 0.

    python .ci/flakes.py -n 5 tests/e2e/test_theme_force.py tests/e2e/test_accounts_redis.py
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path


def failed_tests(report: Path) -> tuple[int, int, list[str]]:
    """(tests run, tests skipped, ids of the tests that failed or errored) from one JUnit report."""
    cases = ET.parse(report).getroot().iter("testcase")
    run, skipped, failed = 0, 0, []
    for case in cases:
        run += 1
        if case.find("failure") is not None or case.find("error") is not None:
            failed.append(f"{case.get('classname', '')}::{case.get('name', '')}")
        elif case.find("skipped") is not None:
            skipped += 1
    return run, skipped, failed


CI_DATABASE = "postgresql+psycopg://postgres@127.0.0.1:5432/test"  # as .ci/run


def with_postgresql() -> None:
    """Point the runs at PostgreSQL as CI does (its tests run on both databases), or say why they will skip."""
    if os.environ.get("TEST_DATABASE_URL"):
        return
    try:
        import psycopg

        psycopg.connect(CI_DATABASE.replace("+psycopg", ""), connect_timeout=3).close()
    except Exception as error:  # noqa: BLE001 - any failure means: no PostgreSQL here
        print(f"flakes: PostgreSQL not reachable at {CI_DATABASE} ({error}); its variants will be skipped", flush=True)
        return
    os.environ["TEST_DATABASE_URL"] = CI_DATABASE
    print(f"flakes: PostgreSQL variants run on {CI_DATABASE}", flush=True)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", "--runs", type=int, default=5, help="how many times to run the tests (default 5)")
    parser.add_argument("files", nargs="*", default=["tests/e2e"], help="test files or folders (default tests/e2e)")
    args = parser.parse_args(argv)
    python = os.environ.get("PY", sys.executable)
    with_postgresql()
    counts: Counter[str] = Counter()
    broken = 0
    with tempfile.TemporaryDirectory(prefix="flakes-") as tmp:
        for n in range(1, args.runs + 1):
            report = Path(tmp) / f"run-{n}.xml"
            started = time.monotonic()
            done = subprocess.run([python, "-m", "pytest", *args.files, "-q", "-p", "no:cacheprovider",
                                   "-rfEs", "--screenshot=only-on-failure", f"--junitxml={report}"], check=False)
            took = time.monotonic() - started
            if not report.exists():
                broken += 1
                print(f"flakes: run {n}/{args.runs}: pytest exited {done.returncode} without a report", flush=True)
                continue
            run, skipped, failed = failed_tests(report)
            counts.update(failed)
            print(f"flakes: run {n}/{args.runs}: {run - skipped - len(failed)} of {run} passed, {skipped} skipped,"
                  f" in {took:.0f} s"
                  + (f"; failed: {', '.join(failed)}" if failed else ""), flush=True)
    print(f"\nflakes: {args.runs} runs of {' '.join(args.files)}")
    if broken:
        print(f"flakes: {broken} run(s) broke before reporting")
    if not counts:
        print("flakes: 0 failures")
        return 1 if broken else 0
    print(f"flakes: {len(counts)} test(s) failed at least once:")
    for test, count in counts.most_common():
        print(f"  {count}/{args.runs}  {test}")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

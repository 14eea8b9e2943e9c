"""Requests racing from two server processes on one database: a burst releases every call at once; a positive
control's stand-in counts in one transaction and writes in another, with every request counting before any
writes (so the race it shows always happens)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from models.rules import RuleViolation
from models.service.errors import SiteError


def burst(calls: Sequence[Callable[[], Any]]) -> list[Any]:
    """Every call at once (threads released together); each one's answer, or its refusal's code."""
    start = threading.Barrier(len(calls))

    def one(call: Callable[[], Any]) -> Any:
        start.wait()
        try:
            return call()
        except (SiteError, RuleViolation) as refusal:
            return refusal.code

    with ThreadPoolExecutor(len(calls)) as pool:
        return list(pool.map(one, calls))


def counted_first(parties: int) -> Callable[[], object]:
    """Waits until all ``parties`` requests have counted: what a two-step stand-in calls between its steps."""
    return threading.Barrier(parties, timeout=30).wait

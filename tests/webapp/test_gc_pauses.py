"""The server freezes the objects of open pages so that full garbage collections skip them, and thaws them once
enough of those pages have closed (webapp/gc_pauses.py; DESIGN.md "Performance budget")."""

import gc
import weakref
from collections.abc import Iterator

import pytest

from webapp.gc_pauses import FLOOR, STEP, Freezer, decide


def pages(n: int, start: int = 0) -> frozenset[str]:
    return frozenset(f"page-{k}" for k in range(start, start + n))


@pytest.fixture
def thawed() -> Iterator[None]:
    """Whatever a test froze is thawed again, so the test process keeps its usual collections."""
    gc.unfreeze()
    yield
    gc.unfreeze()


def test_a_few_pages_are_never_frozen() -> None:
    assert decide(frozenset(), pages(FLOOR - 1)) is None


def test_once_enough_pages_are_open_they_are_frozen() -> None:
    assert decide(frozenset(), pages(FLOOR)) == "freeze"


def test_a_few_more_pages_wait_for_the_next_freeze() -> None:
    assert decide(pages(100), pages(100 + STEP - 1)) is None
    assert decide(pages(100), pages(100 + STEP)) == "freeze"


def test_growth_is_counted_against_the_pages_open_at_the_last_freeze() -> None:
    """With 1,000 open, 20 more are not yet worth a freeze: a tenth more (100) are."""
    assert decide(pages(1000), pages(1020)) is None
    assert decide(pages(1000), pages(1100)) == "freeze"


def test_once_enough_frozen_pages_have_closed_everything_is_collected_and_frozen_again() -> None:
    assert decide(pages(200), pages(200 - STEP + 1)) is None
    assert decide(pages(200), pages(200 - STEP)) == "refresh"


def test_pages_replaced_by_others_count_as_closed() -> None:
    """A reload closes one page and opens another: the closed ones still hold frozen objects."""
    assert decide(pages(200), pages(200, start=STEP)) == "refresh"


def test_the_freezer_freezes_once_and_refreshes_when_pages_close(thawed: None) -> None:
    open_now = set(pages(FLOOR))
    freezer = Freezer(lambda: open_now)
    assert freezer.tick() == "freeze"
    frozen = gc.get_freeze_count()
    assert frozen > 0
    assert freezer.tick() is None and gc.get_freeze_count() >= frozen * 0.9

    open_now -= set(sorted(open_now)[:STEP])
    assert freezer.tick() == "refresh"
    assert freezer.frozen == frozenset(open_now)


def test_after_a_refresh_closed_pages_garbage_is_gone(thawed: None) -> None:
    """What the closed pages left in cycles is frozen with the rest, and the refresh frees it (positive control:
    while frozen, the collector does not)."""
    class Held:
        pass

    open_now = set(pages(FLOOR))
    freezer = Freezer(lambda: open_now)
    gone = Held()
    gone.me = gone  # type: ignore[attr-defined]
    seen = weakref.ref(gone)
    assert freezer.tick() == "freeze"
    del gone
    gc.collect()
    assert seen() is not None  # frozen: a full collection does not free it

    open_now -= set(sorted(open_now)[:STEP])
    assert freezer.tick() == "refresh"
    assert seen() is None


def test_the_server_collects_its_youngest_objects_less_often() -> None:
    """Short waits of open pages die before a collection promotes them (positive control: CPython's own 700)."""
    from webapp import gc_pauses

    before = gc.get_threshold()
    try:
        gc.set_threshold(700, *before[1:])
        assert gc.get_threshold()[0] == 700
        gc_pauses.install()
        assert gc.get_threshold() == (gc_pauses.YOUNG, *before[1:])
    finally:
        gc.set_threshold(*before)

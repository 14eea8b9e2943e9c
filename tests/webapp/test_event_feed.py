"""A change to an event is read once in a server process, however many of its pages are open: the event page of
everyone signed in (the organiser, each player), of a spectator and the hall screen all draw the one edition of it,
each person's own links laid over it without another read."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from nicegui.testing import User

from tests.service.site_client import seed_in_order
from tests.webapp.helpers import eventually, exists, see
from tests.webapp.test_event_pages import concede, deps, event_with_players, sign_in


async def test_a_result_reaches_every_page_of_the_event_from_one_read(
        user: User, create_user: Callable[[], User], monkeypatch: pytest.MonkeyPatch) -> None:
    made = event_with_players()
    olga, olga_token = made["organiser"]
    tables = deps().events.rounds.pair(olga, made["id"], "Spread the Net", seed_in_order(4))
    views = deps().events.views
    reads: list[str] = []
    read = views.edition

    def counted(event_id: str) -> Any:
        reads.append(event_id)
        return read(event_id)

    monkeypatch.setattr(views, "edition", counted)
    pages = {"Olga": user, "Ann": create_user(), "Bob": create_user()}
    for name, page in pages.items():
        token = olga_token if name == "Olga" else made["players"][name][1]
        await page.open("/events")
        sign_in(page, token)
        await page.open(f"/events/{made['id']}")
    spectator, hall = create_user(), create_user()
    await spectator.open(f"/events/{made['id']}")
    await hall.open(f"/events/{made['id']}/hall")
    # the positive control: each of the 5 pages read the event as it opened (as each signed-in page once did on
    # every change), and the feed once, at its first look at the event's stamps
    await eventually(lambda: len(reads) == 6, "the pages' and the feed's first reads")
    assert exists(user, "Table 1: Ann's link") and not exists(pages["Bob"], "Table 1: Ann's link")

    concede(tables[0].game_id or "", 1)  # Bob concedes: Ann wins
    for page in (*pages.values(), spectator):
        await see(page, "Table 1: Ann against Bob: Ann won (concession)")
    await see(hall, "Ann won (concession)")
    await see(pages["Ann"], "Your result: Ann won (concession)")
    assert exists(user, "Table 1: Bob's link")  # the organiser's links, laid over the edition
    assert not exists(spectator, "Table 1: Bob's link") and not exists(pages["Ann"], "Table 1: Bob's link")
    assert len(reads) == 7  # one read for the change, every page and the hall screen together

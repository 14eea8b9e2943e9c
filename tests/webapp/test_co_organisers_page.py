"""Co-organisers on the event page (simulated browser): the event's organiser removes one with a tap, and the list
changes on the page; a co-organiser runs the event but is offered no removal; a player sees no co-organisers."""

from __future__ import annotations

from typing import Any

from nicegui import ui
from nicegui.testing import User

from tests.webapp.helpers import click, exists, see
from tests.webapp.test_event_pages import account, deps, event_with_players, sign_in


def with_co_organisers() -> dict[str, Any]:
    """An event with Cora and Dan named as co-organisers by Olga; Cora's session token under "cora"."""
    made = event_with_players()
    made["cora"] = account("Cora")[1]
    account("Dan")
    for email in ("cora@example.org", "dan@example.org"):
        deps().events.settings.name_co_organiser(made["organiser"][0], made["id"], email)
    return made


async def test_the_organiser_removes_a_co_organiser_from_the_event_page(user: User) -> None:
    made = with_co_organisers()
    await user.open("/events")
    sign_in(user, made["organiser"][1])
    await user.open(f"/events/{made['id']}")
    await see(user, "cora@example.org")
    click(user, "Remove co-organiser cora@example.org")
    await user.should_not_see("cora@example.org", retries=20)
    assert exists(user, "Remove co-organiser dan@example.org", ui.button)
    olga = made["organiser"][0]
    assert deps().events.event(made["id"], olga).event.co_organisers == ("dan@example.org",)
    click(user, "Remove co-organiser dan@example.org")
    await see(user, "No co-organiser yet: if your account is deleted, the event stays read-only.")
    assert deps().events.event(made["id"], olga).event.co_organisers == ()


async def test_a_co_organiser_is_offered_no_removal_and_a_player_sees_no_co_organisers(user: User) -> None:
    made = with_co_organisers()
    await user.open("/events")
    sign_in(user, made["cora"])
    await user.open(f"/events/{made['id']}")
    await see(user, "Co-organisers (only the event's organiser removes one):")
    assert exists(user, "Name co-organiser", ui.button)  # the positive control: she runs the event
    assert not exists(user, "Remove co-organiser dan@example.org", ui.button)
    assert not exists(user, "Remove co-organiser cora@example.org", ui.button)

    sign_in(user, made["players"]["Ann"][1])
    await user.open(f"/events/{made['id']}")
    await see(user, "Club Steamroller")
    assert not exists(user, "Name co-organiser", ui.button) and not exists(user, "Co-organisers")

"""The organiser's round controls on the event page (simulated browser): draft round 1, swap two players, publish it
(the games open), and delete a round no game of it has started; nobody else sees the controls."""

from __future__ import annotations

from nicegui import ui
from nicegui.testing import User

from tests.service.site_client import seed_in_order
from tests.webapp.helpers import choose, click, exists, fill, see
from tests.webapp.test_event_pages import deps, event_with_players, sign_in


async def test_the_organiser_drafts_swaps_publishes_and_deletes_a_round(user: User) -> None:
    made = event_with_players()
    await user.open("/events")
    sign_in(user, made["organiser"][1])
    await user.open(f"/events/{made['id']}")
    await see(user, "Steamroller: The Pit II, Stand Off, Spread the Net, Breakdown, Outlast, Recon II")
    fill(user, "Scenario of round 1", "Spread the Net")
    fill(user, "Draw seed (optional)", str(seed_in_order(4)))
    click(user, "Draft round 1")
    await see(user, "Round 1 is a draft: no game is open yet.")
    await see(user, "Table 1: Ann against Bob: drafted")
    assert not exists(user, "Table 1: table link")  # no game yet

    choose(user, "First player to swap", "Bob")
    choose(user, "Second player to swap", "Cid")
    click(user, "Swap players")
    await see(user, "Table 1: Ann against Cid: drafted")
    await see(user, "Table 2: Bob against Dee: drafted")

    click(user, "Publish round 1")
    await see(user, "Table 1: Ann against Cid: setting up")
    assert exists(user, "Table 1: table link")
    assert not exists(user, "Swap players", ui.button)

    fill(user, "Round 2 starts at (HH:MM, UTC)", "14:30")
    click(user, "Tell the players")
    await see(user, "Round 2 starts at 14:30 UTC (01 Jan).")

    click(user, "Delete round 1")
    await see(user, "Round 1 is not paired yet.")
    assert deps().events.event(made["id"]).pairings == ()


async def test_a_player_sees_no_round_controls(user: User) -> None:
    made = event_with_players()
    deps().events.pair_next_round(made["organiser"][0], made["id"], "Recon", seed_in_order(4), draft=True)
    await user.open("/events")
    sign_in(user, made["players"]["Ann"][1])
    await user.open(f"/events/{made['id']}")
    await see(user, "Table 1: Ann against Bob: drafted")
    assert not exists(user, "Publish round 1", ui.button) and not exists(user, "Delete round 1", ui.button)
    sign_in(user, made["organiser"][1])  # the positive control: the organiser's page has them
    await user.open(f"/events/{made['id']}")
    await see(user, "Round 1 is a draft: no game is open yet.")
    assert exists(user, "Publish round 1", ui.button)

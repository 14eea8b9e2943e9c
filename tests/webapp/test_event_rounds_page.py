"""The organiser's round controls on the event page (simulated browser): draft round 1, swap two players, publish it
(the games open), and delete a round no game of it has started; nobody else sees the controls."""

from __future__ import annotations

from datetime import UTC, datetime

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
    await see(user, "Steamroller 2019: King of the Hill, Bunkers, Spread the Net, Invasion, Anarchy, Recon II, or type "
                    "your own.")
    fill(user, "Scenario of round 1", "Spread the Net")
    fill(user, "Draw seed (optional)", str(seed_in_order(4)))
    click(user, "Draft round 1")
    await see(user, "Round 1 is a draft: no game is open yet.")
    await see(user, "Table 1: Ann against Bob: drafted")
    await see(user, "Scenario: Spread the Net (scenario 3: 2 rectangular zones, 1 circular zone, 2 flags)")
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
    await see(user, "Round 2 starts on 01 Jan at 14:30 UTC.")

    click(user, "Delete round 1")
    await see(user, "Round 1 is not paired yet.")
    assert deps().events.event(made["id"]).pairings == ()


async def test_a_player_sees_no_round_controls(user: User) -> None:
    made = event_with_players()
    deps().events.rounds.pair(made["organiser"][0], made["id"], "Recon", seed_in_order(4), draft=True)
    await user.open("/events")
    sign_in(user, made["players"]["Ann"][1])
    await user.open(f"/events/{made['id']}")
    await see(user, "Table 1: Ann against Bob: drafted")
    assert not exists(user, "Publish round 1", ui.button) and not exists(user, "Delete round 1", ui.button)
    sign_in(user, made["organiser"][1])  # the positive control: the organiser's page has them
    await user.open(f"/events/{made['id']}")
    await see(user, "Round 1 is a draft: no game is open yet.")
    assert exists(user, "Publish round 1", ui.button)


async def test_the_next_round_time_is_typed_and_shown_in_the_events_time_zone_with_utc_beside(user: User) -> None:
    made = event_with_players(zone="America/New_York")
    olga = made["organiser"][0]
    deps().events.rounds.pair(olga, made["id"], "Bunkers", seed_in_order(4))
    await user.open("/events")
    sign_in(user, made["organiser"][1])
    await user.open(f"/events/{made['id']}")
    fill(user, "Round 2 starts at (HH:MM, America/New_York)", "14:30")
    click(user, "Tell the players")
    await see(user, "Round 2 starts on 01 Jan at 14:30 America/New_York (19:30 UTC).")
    assert deps().events.event(made["id"]).event.next_round_at == datetime(2030, 1, 1, 19, 30, tzinfo=UTC)

    fill(user, "Round 2 starts at (HH:MM, America/New_York)", "25:99")  # not a time: refused, nothing changes
    click(user, "Tell the players")
    await see(user, "Give the time as hours and minutes, for example 14:30.")
    assert deps().events.event(made["id"]).event.next_round_at == datetime(2030, 1, 1, 19, 30, tzinfo=UTC)

    sign_in(user, made["players"]["Ann"][1])  # a player reads it on their own page, in the same words
    await user.open(f"/events/{made['id']}")
    await see(user, "Round 2 starts on 01 Jan at 14:30 America/New_York (19:30 UTC).")

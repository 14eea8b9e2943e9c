"""The hall screen and the round timer's controls on the simulated browser: the hall screen of an event shows its
round, tables and standings to anyone, and changes as results come in; only the organiser's event page has the
timer's controls, and a timer started there shows on the hall screen."""

from __future__ import annotations

from nicegui.testing import User

from models.rules.warmachine import builders
from models.service import Actor
from tests.service.site_client import seed_in_order
from tests.webapp.helpers import click, eventually, exists, region, see
from tests.webapp.test_event_pages import concede, deps, event_with_players, sign_in
from webapp.deps import current

TABLE = Actor(role="table")


async def test_anyone_sees_the_round_on_the_hall_screen_and_it_changes_as_results_come_in(user: User) -> None:
    event = event_with_players()
    olga, _ = event["organiser"]
    tables = deps().events.rounds.pair(olga, event["id"], "Spread the Net", seed_in_order(4))
    await user.open(f"/events/{event['id']}/hall")
    await see(user, "Club Steamroller")
    await see(user, "Round 1 of 3")
    hub = current().hall_screens
    assert hub.views[event["id"]][1]["scenario"] == ("Scenario: Spread the Net (scenario 3: 2 rectangular zones, "
                                                     "1 circular zone, 2 flags)")
    await see(user, "2 of 2 tables still playing")
    concede(tables[0].game_id, 1)
    await see(user, "1 of 2 tables still playing")
    await see(user, "Ann won (concession)")
    assert current().hall_screens.boards.get(event["id"])  # positive control for the page's board being followed


async def test_an_unknown_events_hall_screen_says_so(user: User) -> None:
    r = await user.http_client.get("/events/nothing-here/hall")
    assert r.status_code == 404 and "There is no event at this address." in r.text


async def test_only_the_organiser_has_the_round_timer_and_it_shows_on_the_hall_screen(user: User) -> None:
    event = event_with_players(("Ann", "Bob"))
    olga, olga_token = event["organiser"]
    deps().events.rounds.pair(olga, event["id"], "Spread the Net")
    _, ann_token = event["players"]["Ann"]
    await user.open("/events")
    sign_in(user, ann_token)
    await user.open(f"/events/{event['id']}")
    await see(user, "Hall screen (for a TV in the room)")
    assert not exists(user, "Start round timer")  # a player has no timer controls
    sign_in(user, olga_token)
    await user.open(f"/events/{event['id']}")
    assert region(user, "Round timer") is not None
    await see(user, "The round's timer has not been started.")
    click(user, "Start round timer")
    await see(user, "Round 1 timer running: the round ends at")
    await eventually(lambda: deps().hall.timer(event["id"]) is not None, "the timer stored")
    await user.open(f"/events/{event['id']}/hall")
    await see(user, "Round 1 of 3")
    shown = current().hall_screens.views[event["id"]][1]["timer"]
    assert shown["running"] and shown["minutes"] == 60


async def test_the_hall_shows_a_game_as_it_is_now_not_as_an_edition_kept_from_its_setup(user: User) -> None:
    """The hall once showed a started game as "Setup · Before the game": an edition made while the game was set up
    (a spectator's watch page, since closed) stood for it when the hall screen opened after more commits."""
    event = event_with_players(("Ann", "Bob"))
    olga, _ = event["organiser"]
    game_id = deps().events.rounds.pair(olga, event["id"], "Spread the Net")[0].game_id
    kept = current().live.reads.edition(game_id)  # a watch page read the game at its list step
    service = deps().service
    for seat in (0, 1):  # both players choose their list: the setup moves on to the objectives
        service.execute(game_id, builders.choose_from_pair(seat, 0), service.state(game_id)[0], TABLE)
    await user.open(f"/events/{event['id']}/hall")
    await see(user, "Club Steamroller")
    shown = current().hall_screens.views[event["id"]][1]["tables"]["1"]["state"]
    now = current().live.reads.edition(game_id).view["turn"]
    assert kept.view["turn"]["player"] != now["player"]  # the positive control: the setup did move on
    assert shown == f"Setup · {now['player']}"  # the setup's step as it is now

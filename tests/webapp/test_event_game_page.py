"""The game page of an event's game, on the simulated browser: it links back to its event, and a player of the
table reports the result from it in at most 6 taps, the form starting from the numbers the game has counted; the
event page and the game page both show the report at once. A game that is no event's shows none of it."""

from __future__ import annotations

from nicegui import ui
from nicegui.testing import User

from models.rules import tournament_of
from models.service.events.results import ScoreIn
from models.service.results import text
from tests.service.site_client import seed_in_order
from tests.webapp.helpers import choose, click, exists, find, new_game, see, table_url
from tests.webapp.test_event_pages import deps, event_with_players, sign_in


async def test_a_player_reports_from_the_game_page_in_six_taps_and_it_links_back_to_the_event(user: User) -> None:
    made = event_with_players()
    olga = made["organiser"][0]
    table = deps().events.rounds.pair(olga, made["id"], "Spread the Net", seed_in_order(4))[0]
    ann, token = made["players"]["Ann"]
    await user.open("/events")
    sign_in(user, token)
    seat = deps().events.my_game(ann, made["id"]).links["seat1"]
    await user.open(f"/table/{table.game_id}/{seat}")
    back = find(user, "Back to the event: Club Steamroller", ui.link)
    assert back.props["href"] == f"/events/{made['id']}"
    await see(user, "Club Steamroller: round 1, table 1")

    taps = 0
    click(user, "Report the result")
    taps += 1
    state = deps().service.state(table.game_id)[1]
    counted = tournament_of(state.system).known(state)
    assert find(user, "Control points of Ann", ui.number).value == counted.control_points[0]  # from the game
    assert find(user, "Army points destroyed of Bob", ui.number).value == counted.army_points_destroyed[1]
    choose(user, "Winner", "Ann")
    choose(user, "How", "concession")
    taps += 4  # each choice opens its list and picks from it
    click(user, "Send the report")
    taps += 1
    assert taps <= 6
    await see(user, "Ann reported: Ann won (concession) (reported).")
    await user.open(f"/events/{made['id']}")
    await see(user, "Ann reported: Ann won (concession). Waiting for your opponent to confirm it.")


async def test_a_game_that_is_no_events_has_no_event_part(user: User) -> None:
    """The positive control above shows the part; a friendly game's page has no link to an event."""
    game = new_game()
    await user.open(table_url(game))
    await see(user, "Ann")
    assert not exists(user, "This game's event")


async def test_a_tables_result_page_and_exports_carry_the_reported_result(user: User) -> None:
    """A result confirmed outside the app is the table's result: the "Result" link says so (not "The game goes on:
    round 0"), and the JSON and text exports carry it."""
    made = event_with_players()
    olga = made["organiser"][0]
    table = deps().events.rounds.pair(olga, made["id"], "Spread the Net", seed_in_order(4))[0]
    (ann, _), (bob, _) = made["players"]["Ann"], made["players"]["Bob"]
    results = deps().events.results
    results.report(ann, made["id"], 1, 1, ScoreIn(winner=ann.id, how="scenario", control_points=(6, 1)))
    await user.open(f"/result/{table.game_id}/{table.watch}")
    await see(user, "Event: Club Steamroller, round 1, table 1")
    await see(user, "Event result: not yet; Ann reported Ann won (scenario), reported")
    results.answer(bob, made["id"], 1, 1, True)
    await see(user, "Event result: Ann won (scenario), reported and confirmed; control points 6-1, army points "
                    "destroyed 0-0")  # live, without a reload
    await see(user, "The game in the app goes on: round 0.")
    exported = {**deps().service.result_json(table.game_id), "event": deps().events.result_of_game(table.game_id)}
    assert exported["event"]["result"]["winner_name"] == "Ann"
    assert "Event result: Ann won (scenario), reported and confirmed" in text(exported)

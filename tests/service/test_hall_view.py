"""The hall screen's view (models/service/events/hall.py): each table of the round with its live score from the game's
spectators' view, how many still play, the standings and the round timer, in words a room reads."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from models.rules.tournament.round_timer import start
from models.rules.tournament.standings import Standing
from models.service.events.hall import hall_view
from models.service.events.records import EventInfo, EventView, Pairing, TableResult
from models.service.views import diff

NAMES = {"a": "Ann", "b": "Bob", "c": "Cid", "d": "Dee", "e": "Eve"}


def event(round_no: int, pairings: tuple[Pairing, ...], standings: tuple[Standing, ...] = ()) -> EventView:
    info = EventInfo(id="ev", name="Saturday", day="2030-01-10", system="warmachine", game_size=75, rounds=3,
                     lists_per_player=1, deadline=datetime(2030, 1, 10, 9, tzinfo=UTC),
                     status="running" if round_no else "open", organiser="o", organiser_name="Olga", players=5,
                     round=round_no, lists_locked=bool(round_no), clock_minutes=None, tables=None, co_organisers=(),
                     lists_published=False, read_only=False)
    return EventView(event=info, players=(), pairings=pairings, standings=standings, names=NAMES)


def table(no: int, a: str, b: str | None, game: str | None = None, result: TableResult | None = None,
          round_no: int = 1) -> Pairing:
    return Pairing(round=round_no, table=no, player_a=a, name_a=NAMES[a], player_b=b, name_b=NAMES.get(b or ""),
                   game_id=game, watch=None, result=result, links=None)


PLAYING = TableResult(finished=False, winner=None, how=None, game_round=2)
WON = TableResult(finished=True, winner="c", how="scenario", game_round=4)
GAME = {"turn": {"round": "Round 2", "player": "Bob", "phase": "Activation"},
        "score": {"round": 2, "cp": [1, 3], "active": 1},
        "clock": {"remaining": [1_200_000, 900_000], "since": 5_000, "ticking": 1}}


def test_a_live_table_shows_its_round_score_whose_turn_and_clocks() -> None:
    view = hall_view(event(1, (table(1, "a", "b", "g1", PLAYING),)), None, {"g1": GAME})
    line = view["tables"]["1"]
    assert line["players"] == ["Ann", "Bob"] and line["state"] == "Round 2 · Activation"
    assert line["cp"] == [1, 3] and line["turn"] == 1 and not line["done"]
    assert line["clock"] == {"remaining": [1_200_000, 900_000], "since": 5_000, "ticking": 1}


def test_finished_tables_and_byes_count_as_done_and_the_rest_as_still_playing() -> None:
    tables = (table(1, "a", "b", "g1", PLAYING), table(2, "c", "d", "g2", WON), table(3, "e", None),
              table(1, "a", "c", "old", WON, round_no=0))
    view = hall_view(event(1, tables), None, {"g1": GAME})
    assert [t["state"] for t in view["tables"].values()] == ["Round 2 · Activation", "Cid won (scenario)", "bye"]
    assert view["tables"]["3"]["players"] == ["Eve", None]
    assert view["progress"] == "1 of 3 tables still playing"
    assert view["round_words"] == "Round 1 of 3" and view["tables_words"] == "Round 1 tables"


def test_before_round_one_the_screen_says_so_and_the_timer_shows_once_started() -> None:
    view = hall_view(event(0, ()), None, {})
    assert view["tables"] == {} and view["progress"] == "" and view["round_words"] == "Registration open"
    assert view["timer"] is None
    timer = start(1, 50, now_ms=7)
    shown = hall_view(event(1, (table(1, "a", "b", "g1", PLAYING),)), timer, {})["timer"]
    assert shown == {"left": 50 * 60_000, "since": 7, "running": True, "minutes": 50}


def test_standings_show_rank_name_wins_sos_and_control_points_and_a_deleted_account_as_a_player_who_left() -> None:
    rows = (Standing(rank=1, player="c", wins=1, strength_of_schedule=0, control_points=5, army_points_destroyed=40,
                     army_points_in_scenario_elements=0, played=1, byes=0),
            Standing(rank=2, player="gone", wins=0, strength_of_schedule=1, control_points=2,
                     army_points_destroyed=10, army_points_in_scenario_elements=0, played=1, byes=0))
    view = hall_view(event(1, (), rows), None, {})
    assert view["standings"] == [{"rank": 1, "name": "Cid", "wins": 1, "sos": 0, "cp": 5},
                                 {"rank": 2, "name": "a player who left", "wins": 0, "sos": 1, "cp": 2}]


def test_a_change_at_one_table_is_sent_as_that_table_only() -> None:
    tables = (table(1, "a", "b", "g1", PLAYING), table(2, "c", "d", "g2", PLAYING))
    before = hall_view(event(1, tables), None, {"g1": GAME, "g2": GAME})
    scored = {**GAME, "score": {"round": 2, "cp": [2, 3], "active": 1}}
    after = hall_view(event(1, tables), None, {"g1": GAME, "g2": scored})
    assert diff(before, after) == {"tables": {"2": {"cp": [2, 3]}}}


def test_the_round_scenario_shows_with_what_it_puts_on_the_table_and_an_organisers_own_by_its_name() -> None:
    """Steamroller 2019 scenario 2, Bunkers: two rectangular zones, three flags, two objectives (models/service/
    scenarios.py, SOURCE)."""
    tables = tuple(replace(t, scenario="bunkers") for t in (table(1, "a", "b", "g1", PLAYING),
                                                             table(2, "c", "d", "g2", PLAYING)))
    view = hall_view(event(1, tables), None, {})
    assert view["scenario"] == "Scenario: Bunkers (scenario 2: 2 rectangular zones, 3 flags, 2 objectives)"
    own = (replace(table(1, "a", "b", "g1", PLAYING), scenario="Mirror Lake"),)
    assert hall_view(event(1, own), None, {})["scenario"] == "Scenario: Mirror Lake"
    assert hall_view(event(0, ()), None, {})["scenario"] == ""  # no round yet, no scenario

"""Warmachine's tournament hook (models/rules/tournament/hook.py): what a Steamroller event needs from the game.

A table's game opens in the setup wizard at the round's scenario: with one list each, both armies given (and
revealed, when the event fixed both); with two each, at the list pairs step with both pairs given. An event keeps a
list as built (``army``) and as the game plays it (``paired``). A game's result counts as the table's score with
the Steamroller 2019 tiebreakers, and the standings rank players by them (``standings.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from models.catalog.schema import Card
from models.rules.core import Command, GameState, RuleViolation
from models.rules.tournament.hook import KeptList, Known, Opening, Tournament
from models.rules.tournament.table_results import Score
from models.rules.warmachine import standings, steamroller
from models.rules.warmachine.builders import pause_clock, setup_game
from models.rules.warmachine.clock import MAX_MINUTES
from models.rules.warmachine.ending import army_points_destroyed
from models.rules.warmachine.list_checks import blocking, validate
from models.rules.warmachine.list_model import GAME_SIZES, TITLE_MAX, Army, army_entries, parse_army
from models.rules.warmachine.list_pairs import GiveListPair
from models.rules.warmachine.list_text import export_text, parse_text
from models.rules.warmachine.match import PairedList, board
from models.rules.warmachine.pregame import ChooseScenario, RevealLists
from models.rules.warmachine.setup import NAME_MAX


def open_game(table: Opening) -> tuple[Command, list[Command]]:
    """A tournament game for one table at its scenario, each side's lists given from the submitted copies."""
    lists = [[PairedList.model_validate(x["paired"]) for x in side] for side in table.lists]
    clock = float(table.clock_minutes) if table.clock_minutes else None
    then: list[Command] = [ChooseScenario(name=table.scenario)]
    if table.pairs:
        setup = setup_game(table.title, [(table.names[0], []), (table.names[1], [])], pairs=True,
                           clock_minutes=clock)
        then += [GiveListPair(seat=seat, lists=(lists[seat][0], lists[seat][1])) for seat in (0, 1)
                 if len(lists[seat]) == 2]
    else:
        armies = [(name, list(x[0].army) if x else []) for name, x in zip(table.names, lists, strict=True)]
        setup = setup_game(table.title, armies, wizard=True, clock_minutes=clock,
                           themes=[x[0].theme if x else None for x in lists])
        if all(lists):  # the event fixed both lists: nobody names one in secret
            then.append(RevealLists(lists=(lists[0][0].name, lists[1][0].name)))
    return setup, then


def keep_list(army: Army, list_id: str, cards: Mapping[str, Card]) -> KeptList:
    """A saved list as an event keeps it, when the only problems are facts the catalog lacks (UNCHECKED): those
    problems' sentences are for the organiser to judge. A broken rule or an empty list is refused as ever."""
    if not army.entries:
        raise RuleViolation("list.empty", f"{army.title} is empty.")
    problems = validate(army, cards)
    broken = blocking(problems)
    if broken:
        more = f" (and {len(broken) - 1} more)" if len(broken) > 1 else ""
        raise RuleViolation("list.not_legal", f"{army.title}: {broken[0].message}{more}")
    paired = PairedList(name=army.title, army=tuple(army_entries(army, cards)), theme=army.theme)
    return KeptList(data={"id": list_id, "title": army.title, "faction": army.faction,
                          "army": army.model_dump(mode="json"), "paired": paired.model_dump(mode="json")},
                    unchecked=tuple(p.message for p in problems))


def typed_list(text: str, title: str, size: int, cards: Mapping[str, Card]) -> KeptList:
    """A list typed in as text, every line recognised, kept as ``title`` at the event's game ``size``."""
    imported = parse_text(text or "", cards)
    if imported.unrecognised:
        first = imported.unrecognised[0]
        raise RuleViolation("list.unrecognised", f"This line is not recognised: {first.line} ({first.reason}).")
    return keep_list(imported.army.model_copy(update={"title": title[:TITLE_MAX], "size": size}), "", cards)


def list_text(kept: Mapping[str, Any], cards: Mapping[str, Card]) -> str:
    return export_text(parse_army(kept["army"]), cards)


def score(state: GameState) -> Score | None:
    """The game's result with its tiebreakers, as a table's score."""
    r = board(state).result
    if r is None:
        return None
    return Score(winner=r.winner, how=r.how, control_points=(int(r.cp[0]), int(r.cp[1])),
                 destroyed=(_number(r.destroyed[0]), _number(r.destroyed[1])),
                 elements=(_number(r.elements[0]), _number(r.elements[1])) if r.elements is not None else (0, 0))


def known(state: GameState) -> Known:
    """The control points the players scored turn by turn and the army points each side destroyed (counted from
    the models removed); zeros before any."""
    scenario = board(state).scenario
    destroyed, _ = army_points_destroyed(state)
    return Known(control_points=scenario.cp if scenario is not None else (0, 0),
                 army_points_destroyed=(destroyed[0], destroyed[1]))


def paused(state: GameState, why: str) -> Command | None:
    """The command that pauses the game's clock, saying ``why``; None for a game without a clock, or whose clock is
    stopped or paused."""
    clock = board(state).clock
    return None if clock is None or clock.paused or clock.stopped else pause_clock(why)


def _number(value: float) -> float:
    return int(value) if float(value).is_integer() else float(value)


TOURNAMENT = Tournament(
    game_sizes=GAME_SIZES, clock_minutes_max=MAX_MINUTES, name_max=NAME_MAX, scenarios=steamroller.STEAMROLLER,
    scenario_words=steamroller.scenario_words, scenario_lead=steamroller.scenario_lead, keep_list=keep_list,
    typed_list=typed_list, list_text=list_text, open_game=open_game, score=score, known=known, pause_clock=paused,
    standings=standings.standings)

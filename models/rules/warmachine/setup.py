"""Putting armies on the table and completing cards the reference lacks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from pydantic import Field

from models.catalog.card_facts import FactOrigin
from models.catalog.schema import (
    ESSENCE_ROLES,
    Card,
    Frozen,
    WebLayout,
    changed_facts,
    missing_for_play,
)
from models.rules.core import Command, Event, GameState, Player, RuleViolation, handles
from models.rules.text import clean_text
from models.rules.warmachine.army_rules import army_problems
from models.rules.warmachine.clock import MAX_MINUTES
from models.rules.warmachine.horrors import cap_horror_essence
from models.rules.warmachine.match import ArmyEntry as ArmyEntry  # an army line is the game record's; kept here too
from models.rules.warmachine.match import ModelState, WarmachineBoard, board, with_board, with_models
from models.rules.warmachine.phases import TURN_FLOW, start_turn
from models.rules.warmachine.points import starting_points
from models.rules.warmachine.pregame import begin
from models.rules.warmachine.state import SYSTEM
from models.rules.warmachine.themes import army_faction, find_theme, theme_problems

NAME_MAX = 60


class Side(Frozen):
    """A player and their army; ``theme``: the key of the theme force the army is built as (themes.py)."""

    player: str
    army: tuple[ArmyEntry, ...] = Field(max_length=80)
    theme: str | None = Field(default=None, max_length=40)


class SetupGame(Command):
    type: Literal["setup"] = "setup"
    title: str
    sides: tuple[Side, Side]
    cards: dict[str, Card]
    first: int = Field(default=0, ge=0, le=1)
    # True: the game stays in "setup" and walks through the setup wizard (pregame.py) before round 1.
    wizard: bool = False
    # GameState.turn_flow: every new game takes the current flow; games set up before it say 1 in their log.
    turn_flow: int = Field(default=TURN_FLOW, ge=1, le=TURN_FLOW)
    # True: Steamroller 2019 list pairs (list_pairs.py); the armies stay empty until each player has chosen.
    pairs: bool = False
    # An event's deathclock (minutes per player): the wizard's clock step starts it, from either seat.
    clock_minutes: float | None = Field(default=None, gt=0, le=MAX_MINUTES)
    # Which facts of ``cards`` came from the community card book (whose publication, at which version): the log
    # says whose values the game plays with; the cards above are what it plays with, whatever the book says later.
    origins: dict[str, tuple[FactOrigin, ...]] = Field(default={}, max_length=200)


@handles(SetupGame, system=SYSTEM, timing="setup")
def setup_game(state: GameState, cmd: SetupGame) -> tuple[GameState, list[Event]]:
    """Every model of both armies in play; models with ESSENCE start full (doc 001 "ESSENCE"). Each army obeys
    the rules the list builder checks that need no game size or points (army_rules.py: battlegroups, doc 001
    "Horrors"; the Master Infernalist's horrors, doc 000; field allowance; unit sizes) and what its theme force
    allows (themes.py); each player keeps their theme for its effects in play."""
    title = clean_text(cmd.title, "game title", NAME_MAX)
    players = tuple(Player(seat=s, name=clean_text(side.player, "player name", NAME_MAX), theme=find_theme(side.theme))
                    for s, side in enumerate(cmd.sides))
    if cmd.pairs and (not cmd.wizard or any(side.army for side in cmd.sides)):
        raise RuleViolation("pairs.setup", "A game with list pairs starts in the setup wizard with no army yet: "
                                           "each player gives their two lists there.")
    models: list[ModelState] = []
    for seat, side in enumerate(cmd.sides):
        models += place_army(players[seat], side.army, cmd.cards, models)
    table = WarmachineBoard(models=tuple(models), cards=dict(cmd.cards), listed=tuple(m.id for m in models),
                            turn_flow=cmd.turn_flow)
    state = GameState(system=SYSTEM, title=title, players=players, first=cmd.first, active=cmd.first, board=table)
    if cmd.clock_minutes is not None and not cmd.wizard:
        raise RuleViolation("clock.event_setup", "An event's clock is started in the setup wizard.")
    state, events = begin(state, paired=cmd.pairs, clock_minutes=cmd.clock_minutes) if cmd.wizard else \
        start_turn(state, cmd.first, 1)
    return state, [Event(kind="game.setup", text=f"{title}: {players[0].name} against {players[1].name}."),
                   *events]


def place_army(player: Player, army: tuple[ArmyEntry, ...], cards: Mapping[str, Card],
               earlier: Sequence[ModelState]) -> list[ModelState]:
    """``player``'s army checked (check_army) and its models, battlegroups wired, with ids unused by ``earlier``."""
    check_army(player, army, cards)
    models = list(earlier)
    ids: list[str] = []
    for entry in army:
        master = None if entry.battlegroup_of is None else ids[entry.battlegroup_of]
        new = _place(cards[entry.card], player.seat, master, entry.size, {m.id for m in models}, models)
        ids.append(new[0].id)
        models += new
    return models[len(earlier):]


def check_army(player: Player, army: tuple[ArmyEntry, ...], cards: Mapping[str, Card]) -> None:
    """Every card known, every battlegroup led by an entry listed before it, then the army rules and the
    theme's (the first problem is the refusal)."""
    for i, entry in enumerate(army):
        if entry.card not in cards:
            raise RuleViolation("setup.unknown_card", f"No card named {entry.card!r} is known.")
        if entry.battlegroup_of is not None and not 0 <= entry.battlegroup_of < i:
            raise RuleViolation("setup.battlegroup", f"{cards[entry.card].name} must join the battlegroup of a "
                                                     "caster listed before it.")
    known = {i: cards[e.card] for i, e in enumerate(army)}
    problems = army_problems(army, known)
    if player.theme is not None:
        problems += theme_problems(player.theme, army_faction(known) or player.theme.faction, army, known)
    if problems:
        raise RuleViolation(problems[0].code, f"{player.name}'s army: {problems[0].message}")


def _place(c: Card, seat: int, master: str | None, size: int | None, taken: set[str],
           earlier: Sequence[ModelState]) -> list[ModelState]:
    base = f"p{seat + 1}-{c.key}"
    uid, n = base, 1
    while uid in taken or any(m.unit == uid for m in earlier):
        n += 1
        uid = f"{base}-{n}"
    same = sum(1 for m in earlier if m.card == c.key and m.seat == seat and (m.unit is None or m.leader))
    shown = c.name if same == 0 else f"{c.name} {same + 1}"
    if c.role == "unit":
        info = c.unit
        count = size or (min(info.costs) if info and info.costs else 1)
        names = [info.leader_name if info else "Leader"] + [
            f"{info.trooper_name if info else 'Trooper'} {k}" for k in range(1, count)]
        return [ModelState(id=f"{uid}.{k}", card=c.key, name=f"{shown}: {name}", seat=seat, unit=uid, leader=k == 0)
                for k, name in enumerate(names)]
    essence = c.stats.ESSENCE if c.role in ESSENCE_ROLES else None
    points = starting_points(c)
    return [ModelState(id=uid, card=c.key, name=shown, seat=seat, battlegroup=master, essence=essence,
                       focus=points.get("focus"), fury=points.get("fury"))]


class CompleteCard(Command):
    """Fill in what this game's copy of a card leaves empty, from the player's own stat card. It changes this
    game only (undo takes it back); what the card gives already stays as it is."""

    type: Literal["complete_card"] = "complete_card"
    card: Card


@handles(CompleteCard, system=SYSTEM, timing="game")
def complete_card(state: GameState, cmd: CompleteCard) -> tuple[GameState, list[Event]]:
    new = cmd.card
    old = board(state).cards.get(new.key)
    if old is None:
        raise RuleViolation("card.unknown", f"No model in this game uses the card {new.key!r}.")
    if new.role != old.role:
        raise RuleViolation("card.role", f"{old.name} is a {old.role.replace('_', ' ')}; its role cannot change.")
    given = changed_facts(old, new)
    if given:
        raise RuleViolation("card.fact_given", f"{old.name}'s card already gives its {', '.join(given)}: a game "
                                               "can only fill in what a card leaves empty.")
    if isinstance(new.damage, WebLayout) and new.damage.rings is not None:
        if min(new.damage.rings) < 1:
            raise RuleViolation("card.rings", "Every ring of a web has at least one box.")
        if new.damage.total is not None and sum(new.damage.rings) != new.damage.total:
            raise RuleViolation("card.rings_total", f"The rings must add up to {new.damage.total} boxes.")
    if missing_for_play(new):
        raise RuleViolation("card.still_incomplete", "Still missing: " + ", ".join(missing_for_play(new)) + ".")
    users = [m for m in board(state).models if m.card == new.key]
    same_boxes = _boxes(new) == _boxes(old)
    if any(sum(m.marks) for m in users) and not same_boxes:
        raise RuleViolation("card.damaged", f"A {old.name} already has damage; its boxes cannot change now.")
    changed = [m.model_copy(update={"marks": m.marks if same_boxes else (),
                                    "essence": new.stats.ESSENCE if m.essence is None and new.role in ESSENCE_ROLES
                                    else m.essence,
                                    **_unset_points(m, new)}) for m in users]
    state = with_models(with_board(state, cards={**board(state).cards, new.key: new}), *changed)
    state, capped = cap_horror_essence(state)
    done = Event(kind="card.completed", text=f"{new.name}'s card is completed from the player's stat card.")
    return state, [done, *capped]


def _unset_points(m: ModelState, new: Card) -> dict[str, int]:
    """Focus or fury a model could not start with because its card lacked the stat, now that it has it."""
    return {k: v for k, v in starting_points(new).items() if getattr(m, k) is None and v is not None}


def _boxes(c: Card) -> tuple[object, ...]:
    """Everything that decides where damage is marked: the damage layout, and a unit's boxes per model."""
    return c.damage, c.unit.leader_boxes if c.unit else None, c.unit.trooper_boxes if c.unit else None

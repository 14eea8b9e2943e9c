"""Summoning horrors through Marked Souls (doc 001 "Summoning", "MARKED SOULS"; doc 000 "Summoning" and
"Summoned horror - Arrival turn"; the Infernal Gate card: summoning within 8" of it costs 1 less)."""

from __future__ import annotations

from typing import Literal

from models.catalog.schema import Card, WebLayout, missing_for_play
from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.warmachine.match import ModelState, board, with_board, with_models
from models.rules.warmachine.state import (
    SYSTEM,
    has_essence_manipulation,
    live,
    own_turn,
    remove,
    require_acting,
    spend,
)

GATE_KEY = "infernal-gate"
UNSUMMONABLE_WEIGHTS = ("colossal", "gargantuan")


def is_gate(c: Card) -> bool:
    return c.key == GATE_KEY or c.name.strip().lower() == "infernal gate"


def friendly_gate(state: GameState, seat: int) -> ModelState | None:
    return next((m for m in board(state).models if m.seat == seat and m.in_play and is_gate(board(state).card_of(m))),
                None)


def summon_refusal(c: Card) -> RuleViolation | None:
    """Why a card cannot be summoned at all, or None."""
    if c.role != "horror":
        return RuleViolation("summon.not_horror", f"{c.name} is not a horror; only horrors are summoned.")
    if c.weight in UNSUMMONABLE_WEIGHTS or any("cannot be summoned" in r.lower() for r in c.rules):
        return RuleViolation("summon.forbidden",
                             f"A {c.name} cannot be summoned; it comes only with the army.")
    missing = missing_for_play(c)
    if missing:
        return RuleViolation(
            "card.incomplete",
            f"Before summoning a {c.name}, complete its card from your stat card: "
            f"enter {', '.join(missing)}.",
        )
    if isinstance(c.damage, WebLayout) and c.damage.rings is not None:
        if min(c.damage.rings) < 1:
            return RuleViolation("card.rings", "Every ring of a web has at least one box.")
        if c.damage.total is not None and sum(c.damage.rings) != c.damage.total:
            return RuleViolation("card.rings_total", f"The rings must add up to {c.damage.total} boxes.")
    return None


def summonable(cards: dict[str, Card]) -> dict[str, Card]:
    """The horrors of ``cards`` a player may pick to summon, by name: those ready to play and those that only
    lack a number the player can complete from their own card."""
    def may(c: Card) -> bool:
        refusal = summon_refusal(c)
        return refusal is None or refusal.code == "card.incomplete"

    return {k: c for k, c in sorted(cards.items(), key=lambda kv: kv[1].name) if may(c)}


def game_card(state: GameState, c: Card) -> Card:
    """The game's own copy of a card when it has one (models refer to cards by key, one card per key)."""
    return board(state).cards.get(c.key, c)


def summon_cost(c: Card, near_gate: bool) -> int:
    return max(0, (c.stats.ESSENCE or 0) - (1 if near_gate else 0))


def _new_id(state: GameState, seat: int, c: Card) -> str:
    taken = {m.id for m in board(state).models} | {m.unit for m in board(state).models if m.unit}
    base = f"p{seat + 1}-{c.key}"
    uid, n = base, 1
    while uid in taken:
        n += 1
        uid = f"{base}-{n}"
    return uid


def _new_name(state: GameState, seat: int, c: Card) -> str:
    same = sum(1 for m in board(state).models if m.card == c.key and m.seat == seat and (m.unit is None or m.leader))
    return c.name if same == 0 else f"{c.name} {same + 1}"


class Summon(Command):
    """A master turns a friendly Marked Soul into a horror of its battlegroup.

    ``horror_card`` is the card picked from the catalog (completed by the player when the catalog lacks a
    number); ``in_command`` and ``near_gate`` are the players' answers about the table."""

    type: Literal["summon"] = "summon"
    master: str
    vessel: str
    horror_card: Card
    in_command: bool = True
    near_gate: bool = False


@handles(Summon, system=SYSTEM, timing="step")
def summon(state: GameState, cmd: Summon) -> tuple[GameState, list[Event]]:
    """Summoning (doc 001 "Summoning"): once per turn during the master's activation, a friendly Marked Soul
    in command range (chosen, not targeted: no line of sight) is removed and replaced by a horror that costs
    its base ESSENCE (1 less within 8" of a friendly Infernal Gate), joins the master's battlegroup with 1
    essence point and forfeits its Combat Action this turn (doc 000 "Summoned horror - Arrival turn")."""
    m = live(state, cmd.master)
    if not has_essence_manipulation(state, m):
        raise RuleViolation("summon.not_master", "Only an infernal master or Master Infernalist can summon.")
    own_turn(state, m, "summon")
    require_acting(m, "summon", "summon")
    if m.summoned_this_turn:
        raise RuleViolation("summon.once_per_turn", f"{m.name} has already summoned a horror this turn.")
    c = game_card(state, cmd.horror_card)
    refusal = summon_refusal(c)
    if refusal is not None:
        raise refusal
    vessel = live(state, cmd.vessel)
    if vessel.id == m.id:
        raise RuleViolation("summon.vessel_self", f"{m.name} cannot be its own vessel.")
    if vessel.seat != m.seat:
        raise RuleViolation("summon.vessel_not_friendly", f"{vessel.name} is not one of {m.name}'s own side.")
    if not board(state).card_of(vessel).marked_soul:
        raise RuleViolation("summon.not_marked_soul", f"{vessel.name} is not a Marked Soul.")
    if not cmd.in_command:
        raise RuleViolation(
            "summon.out_of_command", f"{vessel.name} must be in {m.name}'s command range to be the vessel."
        )
    if cmd.near_gate and friendly_gate(state, m.seat) is None:
        raise RuleViolation("summon.no_gate", "There is no friendly Infernal Gate in play to lower the cost.")
    cost = summon_cost(c, cmd.near_gate)
    m, paid = spend(state, m, cost, f"summon a {c.name}")
    m = m.model_copy(update={"summoned_this_turn": True})
    state = with_models(state, m)
    if c.key not in board(state).cards:
        state = with_board(state, cards={**board(state).cards, c.key: c})
    state, events = remove(state, vessel, "removed", f"it is the vessel for {m.name}'s {c.name}",
                           "used as a vessel")
    horror = ModelState(id=_new_id(state, m.seat, c), card=c.key, name=_new_name(state, m.seat, c),
                        seat=m.seat, battlegroup=m.id, essence=1, activation="ready", arrived_this_turn=True)
    state = with_board(state, models=(*board(state).models, horror))
    events = [paid, *events, Event(
        kind="summon.arrived", model=horror.id, data={"card": c.key, "cost": cost, "vessel": vessel.id,
                                                      "master": m.id},
        text=f"{horror.name} arrives in {m.name}'s battlegroup with 1 essence; it forfeits its combat "
             "action this turn.")]
    return state, events

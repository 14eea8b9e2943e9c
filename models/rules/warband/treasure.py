"""Treasure tokens: the Treasure step, what lies under a token (an event or the Plague), dropping a token, and the
rule that a unit carrying treasure may not run (doc 004, "Treasure Step", "Event Tokens")."""

from __future__ import annotations

from typing import Literal

from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.text import clean_text
from models.rules.warband.phases import on_enter
from models.rules.warband.state import (
    SYSTEM,
    TEXT_MAX,
    TriggeredEvent,
    WarbandUnit,
    board,
    cannot_pick_up,
    live_unit,
    with_board,
    with_units,
)

Under = Literal["nothing", "event", "plague"]
NO_RUN = "Carries a treasure token: it may not run."


class PickUp(Command):
    """A unit in contact with a treasure token picks it up in the Treasure step. The players answer whether it is
    in contact and whether an opposing unit is within 2" of the token, and say what lay under it: nothing, an
    event (the d20 they rolled and what the campaign sheet says) or the Plague (the Plague check's result)."""

    type: Literal["warband_pick_up"] = "warband_pick_up"
    unit: str
    in_contact: bool = True
    opponent_within_2: bool = False
    under: Under = "nothing"
    event_roll: int | None = None
    event_text: str = ""
    neutrals: bool = True
    plague_passed: bool | None = None


class DropTreasure(Command):
    """A unit puts down the treasure token it carries: the token lies on the table again."""

    type: Literal["warband_drop_treasure"] = "warband_drop_treasure"
    unit: str


@on_enter("upkeep", "treasure")
def treasure_step(state: GameState) -> tuple[GameState, list[Event], bool]:
    """Skipped in the first player's first turn (doc 004, "Treasure Step") and when no token lies on the table;
    otherwise the players pick tokens up and tap Next."""
    if state.round == 1 and state.active == state.first:
        return state, [Event(kind="treasure.skipped", text="Treasure: skipped in the first player's first turn.")], \
            False
    tokens = board(state).treasures
    if tokens == 0:
        return state, [Event(kind="treasure.skipped", text="Treasure: no token lies on the table.")], False
    return state, [Event(kind="treasure.step", text=f"Treasure: {tokens} token(s) on the table. A unit in "
                                                    "contact with one may pick it up.")], True


def reveal(state: GameState, u: WarbandUnit, under: Under, plague_passed: bool | None, *,
           event: tuple[int | None, str, bool] | None) -> tuple[GameState, list[Event]]:
    """What lay under the token ``u`` just took. ``event`` is (d20, sheet text, neutrals placed) in the Treasure
    step and None in the grab after a rout, where an event is not triggered but the Plague still is."""
    if under == "nothing":
        return state, []
    b = board(state)
    if b.hidden_events is not None:
        if b.hidden_events == 0:
            raise RuleViolation("event.none_left", "Every event token has been found already: nothing can lie "
                                                   "under this one.")
        state = with_board(state, hidden_events=b.hidden_events - 1)
    if under == "plague":
        if plague_passed is None:
            raise RuleViolation("plague.result_needed", f"Say whether {u.name}'s Plague check passed.")
        verdict = "passes" if plague_passed else "fails"
        return state, [Event(kind="plague", model=u.id, text=f"The Plague! {u.name} {verdict} its Plague check.",
                             data={"passed": plague_passed})]
    if event is None:
        return state, [Event(kind="event.not_triggered", model=u.id,
                             text="An event token was under it, but a grab after a rout triggers no event.")]
    roll, text, neutrals = event
    if roll is None or not 1 <= roll <= 20:
        raise RuleViolation("event.roll", "Enter the d20 rolled for the event: a whole number from 1 to 20.")
    text = clean_text(text, "event's description", TEXT_MAX, empty_ok=True)
    who = state.player_name(u.seat)
    record = TriggeredEvent(seat=u.seat, roll=roll, text=text, neutrals_on_board=neutrals)
    state = with_board(state, events=(*board(state).events, record))
    sheet = f": {text}" if text else ""
    return state, [Event(kind="event", model=u.id, data={"roll": roll},
                         text=f"An event! {who} triggered it (d20 {roll}){sheet}. Resolve what happens now; from "
                              f"now on neutral units act at the start of {who}'s turn.")]


@handles(PickUp, system=SYSTEM, timing="step")
def pick_up(state: GameState, cmd: PickUp) -> tuple[GameState, list[Event]]:
    """Doc 004, "Treasure Step": in contact, no opposing unit within 2", one token per unit, not a unit that
    cannot carry; an event token under it is revealed ("Event Tokens")."""
    u = live_unit(state, cmd.unit)
    refusal = cannot_pick_up(u)
    if refusal is not None:
        raise refusal
    if board(state).treasures == 0:
        raise RuleViolation("treasure.none_left", "No treasure token lies on the table.")
    if not cmd.in_contact:
        raise RuleViolation("treasure.not_in_contact", f"{u.name} must be in contact with the token to pick it up.")
    if cmd.opponent_within_2:
        raise RuleViolation("treasure.opponent_near",
                            f"An opposing unit within 2\" of the token stops {u.name} from picking it up.")
    state = with_units(state, u.model_copy(update={"carrying": True}), treasures=board(state).treasures - 1)
    events = [Event(kind="treasure.picked", model=u.id, text=f"{u.name} picks up a treasure token.")]
    state, more = reveal(state, u, cmd.under, cmd.plague_passed, event=(cmd.event_roll, cmd.event_text,
                                                                         cmd.neutrals))
    return state, events + more


@handles(DropTreasure, system=SYSTEM, timing="anytime")
def drop_treasure(state: GameState, cmd: DropTreasure) -> tuple[GameState, list[Event]]:
    u = live_unit(state, cmd.unit)
    if not u.carrying:
        raise RuleViolation("treasure.not_carrying", f"{u.name} carries no treasure token.")
    state = with_units(state, u.model_copy(update={"carrying": False}), treasures=board(state).treasures + 1)
    return state, [Event(kind="treasure.dropped", model=u.id, text=f"{u.name} drops its treasure token.")]

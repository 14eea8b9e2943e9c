"""Routing: the rout check, a voluntary rout, the end of the game and the last treasure grab of the routing
warband (doc 004, "Rout Step", "Voluntarily Routing", "Grabbing Treasure after routing").

The document does not say how a Morale check is rolled, so the players record whether it passed (and, if they
like, the number they rolled); the app only says which Morale the check uses.
"""

from __future__ import annotations

from typing import Literal

from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.warband.phases import before_leaving, on_enter
from models.rules.warband.state import (
    SYSTEM,
    Grab,
    RoutHow,
    WarbandBoard,
    WarbandUnit,
    board,
    cannot_pick_up,
    check_roll,
    check_words,
    held,
    lost,
    rout_morale,
    unit,
    with_board,
    with_units,
)
from models.rules.warband.treasure import Under, reveal

ROUT_AT = 6  # units lost + treasure tokens held by the opponent


class RoutCheck(Command):
    """The result of the current player's rout check (a Morale check): ``passed``, and the roll if typed."""

    type: Literal["warband_rout_check"] = "warband_rout_check"
    passed: bool
    roll: int | None = None


class VoluntaryRout(Command):
    """Right after a passed rout check, the player chooses to rout anyway."""

    type: Literal["warband_voluntary_rout"] = "warband_voluntary_rout"


class GrabNearby(Command):
    """For the treasure token being decided in the grab after a rout: whether the winner and the routing warband
    each have a unit within 5" of it."""

    type: Literal["warband_grab_nearby"] = "warband_grab_nearby"
    winner_near: bool
    loser_near: bool


class GrabAttempt(Command):
    """The unit its owner chose tries to take the token: automatically, or with a Morale check (``passed``,
    ``roll``); when it takes it, what lay under it (``under``) and, for the Plague, the Plague check."""

    type: Literal["warband_grab_attempt"] = "warband_grab_attempt"
    unit: str
    passed: bool | None = None
    roll: int | None = None
    under: Under = "nothing"
    plague_passed: bool | None = None


def rout_sum(b: WarbandBoard, seat: int) -> tuple[int, int]:
    """(units ``seat`` has lost, treasure tokens its opponent's units hold)."""
    return lost(b, seat), held(b, 1 - seat)


def morale_words(b: WarbandBoard, seat: int) -> str:
    hero = rout_morale(b, seat)
    if hero is None:
        return "no hero of the warband is standing, and the rules do not say whose Morale to use then"
    return f"Morale {hero.morale} ({hero.name}, the highest among its heroes still standing)"


@on_enter("upkeep", "rout")
def rout_step(state: GameState) -> tuple[GameState, list[Event], bool]:
    """A rout check is due when the current player's units lost plus the opponent's treasure tokens held reach 6
    (doc 004, "Rout Step"); then the turn holds until the players record it."""
    b = board(state)
    seat = state.active
    n_lost, n_held = rout_sum(b, seat)
    sums = (f"{n_lost} unit(s) lost + {n_held} treasure token(s) held by {state.player_name(1 - seat)} = "
            f"{n_lost + n_held}")
    if n_lost + n_held < ROUT_AT:
        return state, [Event(kind="rout.none", text=f"Rout: no check for {state.player_name(seat)} ({sums}, "
                                                    f"under {ROUT_AT}).")], False
    return with_board(state, rout="due"), [Event(
        kind="rout.due", text=f"Rout: {state.player_name(seat)} must make a rout check ({sums}). It is a Morale "
                              f"check with {morale_words(b, seat)}.")], True


@before_leaving("upkeep", "rout")
def rout_settled(state: GameState) -> None:
    if board(state).rout == "due":
        raise RuleViolation("rout.check_due", f"Record {state.player_name(state.active)}'s rout check first: "
                                              "passed or failed.")


@handles(RoutCheck, system=SYSTEM, timing="step")
def rout_check(state: GameState, cmd: RoutCheck) -> tuple[GameState, list[Event]]:
    """Passed: the warband fights on (and may still rout by choice); failed: it routs."""
    b = board(state)
    if b.rout == "passed":
        raise RuleViolation("rout.already_checked", "The rout check of this turn is recorded already.")
    if b.rout != "due":
        raise RuleViolation("rout.not_due", f"{state.player_name(state.active)} has no rout check to make now.")
    check_roll(cmd.roll, "Morale")
    who = state.player_name(state.active)
    text = f"{who}'s rout check {check_words(cmd.passed, cmd.roll)}"
    if not cmd.passed:
        return rout(state, state.active, "failed_check", [Event(kind="rout.failed", text=text + ".")])
    return with_board(state, rout="passed"), [Event(
        kind="rout.passed", text=text + ": the warband fights on. It may still choose to rout.")]


@handles(VoluntaryRout, system=SYSTEM, timing="step")
def voluntary_rout(state: GameState, cmd: VoluntaryRout) -> tuple[GameState, list[Event]]:
    """Only right after a passed rout check (doc 004, "Voluntarily Routing")."""
    if board(state).rout != "passed":
        raise RuleViolation("rout.not_passed", "A warband may rout by choice only right after passing a rout check.")
    who = state.player_name(state.active)
    return rout(state, state.active, "voluntary", [Event(kind="rout.voluntary", text=f"{who} chooses to rout.")])


def rout(state: GameState, seat: int, how: RoutHow, events: list[Event]) -> tuple[GameState, list[Event]]:
    """The warband routs (``how``: its rout check failed, or by choice) and the other wins; first, one last grab
    for each token still on the table."""
    winner = 1 - seat
    tokens = board(state).treasures
    state = with_board(state, rout="", routed=seat, winner=winner, rout_how=how)
    events = [*events, Event(kind="rout", text=f"{state.player_name(seat)}'s warband routs: "
                                              f"{state.player_name(winner)} wins the game.")]
    if tokens == 0:
        return _finish(state, events)
    state = with_board(state, grab=Grab(winner=winner, loser=seat, tokens=tokens))
    state = state.model_copy(update={"phase": "grab", "step": "grab"})
    return state, [*events, Event(kind="grab.start", text=f"Before the routing units leave: a last grab for the "
                                                          f"{tokens} treasure token(s) on the table, one by one.")]


def _finish(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    b = board(state)
    seat = b.routed
    gone = [u.model_copy(update={"presence": "routed"}) for u in b.side(seat if seat is not None else -1)
            if u.in_play]
    state = with_units(state, *gone, grab=None)
    state = state.model_copy(update={"phase": "over", "step": ""})
    return state, [*events, Event(kind="game.over", text=f"{state.player_name(seat or 0)}'s units leave the table. "
                                                         "The game is over.")]


def able(b: WarbandBoard, seat: int) -> list[WarbandUnit]:
    """``seat``'s units that could take a token now (on the table, able to carry, empty-handed)."""
    return [u for u in b.side(seat) if cannot_pick_up(u) is None]


def _grab(state: GameState) -> Grab:
    g = board(state).grab
    assert g is not None  # the gate lets grab commands through only in the grab phase
    return g


def _next_token(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    g = _grab(state)
    if g.token >= g.tokens:
        return _finish(state, events)
    return with_board(state, grab=Grab(winner=g.winner, loser=g.loser, tokens=g.tokens, token=g.token + 1)), events


@handles(GrabNearby, system=SYSTEM, timing="anytime")
def grab_nearby(state: GameState, cmd: GrabNearby) -> tuple[GameState, list[Event]]:
    """Walks doc 004's three cases: only the winner near (taken without a check), only the routing warband near
    (a Morale check), both near (the winner checks first, then the routing warband). A unit unable to carry
    still counts as near: it forces the winner's check."""
    g = _grab(state)
    if g.turn != "where":
        raise RuleViolation("grab.answered", "Where the units stand is answered already for this token.")
    b = board(state)
    win, lose = state.player_name(g.winner), state.player_name(g.loser)
    head = f"Grab, token {g.token} of {g.tokens}: "
    turn = None
    if cmd.winner_near and cmd.loser_near:
        if able(b, g.winner):
            turn, text = "winner_check", f"both sides are within 5\": {win}'s unit must pass a Morale check to take " \
                                         f"it; if it fails, {lose}'s unit may try."
        elif able(b, g.loser):
            turn, text = "loser_check", f"both sides are within 5\" but no unit of {win} can carry it: {lose}'s " \
                                        "unit may try a Morale check."
        else:
            text = "no unit near it can carry it; it stays on the table."
    elif cmd.winner_near:
        turn, text = ("winner_auto", f"only {win} is within 5\": {win}'s unit takes it without a check.") \
            if able(b, g.winner) else (None, f"no unit of {win} near it can carry it; it stays on the table.")
    elif cmd.loser_near:
        turn, text = ("loser_check", f"only {lose} is within 5\": {lose}'s unit must pass a Morale check to take "
                                     "it.") if able(b, g.loser) else \
            (None, f"no unit of {lose} near it can carry it; it stays on the table.")
    else:
        text = "no unit is within 5\"; it stays on the table."
    events = [Event(kind="grab.where", text=head + text)]
    if turn is None:
        return _next_token(state, events)
    return with_board(state, grab=g.model_copy(update={"turn": turn, "winner_near": cmd.winner_near,
                                                       "loser_near": cmd.loser_near})), events


@handles(GrabAttempt, system=SYSTEM, timing="anytime")
def grab_attempt(state: GameState, cmd: GrabAttempt) -> tuple[GameState, list[Event]]:
    """The chosen unit tries; a taken token reveals what lay under it: the Plague calls for a Plague check, an
    event is not triggered (doc 004, "Grabbing Treasure after routing")."""
    g = _grab(state)
    if g.turn == "where":
        raise RuleViolation("grab.where_first", "First say which sides have a unit within 5\" of the token.")
    side = g.loser if g.turn == "loser_check" else g.winner
    u = unit(state, cmd.unit)
    if u.seat != side:
        raise RuleViolation("grab.wrong_side", f"It is {state.player_name(side)}'s unit that tries now.")
    refusal = cannot_pick_up(u)
    if refusal is not None:
        raise refusal
    if g.turn == "winner_auto":
        if cmd.passed is False:
            raise RuleViolation("grab.automatic", f"{u.name} needs no check here: it takes the token.")
        passed, how = True, "without a check"
    else:
        if cmd.passed is None:
            raise RuleViolation("grab.result_needed", f"Say whether {u.name}'s Morale check passed.")
        check_roll(cmd.roll, "Morale")
        passed, how = cmd.passed, f"with a Morale check that {check_words(cmd.passed, cmd.roll)}"
    if not passed:
        events = [Event(kind="grab.failed", model=u.id, text=f"{u.name} tries for the token {how}.")]
        if g.turn == "winner_check" and g.loser_near and able(board(state), g.loser):
            events.append(Event(kind="grab.loser_turn", text=f"Now {state.player_name(g.loser)}'s unit may try a "
                                                             "Morale check."))
            return with_board(state, grab=g.model_copy(update={"turn": "loser_check"})), events
        events.append(Event(kind="grab.stays", text="The token stays on the table."))
        return _next_token(state, events)
    state = with_units(state, u.model_copy(update={"carrying": True}), treasures=board(state).treasures - 1)
    events = [Event(kind="grab.taken", model=u.id, text=f"{u.name} takes the token {how}.")]
    state, more = reveal(state, u, cmd.under, cmd.plague_passed, event=None)
    return _next_token(state, events + more)

"""A warband game (doc 004) as the spectators see it, and the words the table page shares with them: the turn
line with the upkeep's steps, what the current moment asks of the players, and one card per unit (kind,
condition and what it means, treasure, ongoing spells)."""

from __future__ import annotations

from typing import Any

from models.rules import GameState
from models.rules.warband.conditions import MEANING, NAMES
from models.rules.warband.phases import PLAY, UPKEEP, label, step_of
from models.rules.warband.rout import ROUT_AT, able, morale_words, rout_sum
from models.rules.warband.spells import due
from models.rules.warband.state import TriggeredEvent, WarbandBoard, WarbandUnit, board, carried_off
from models.rules.warband.treasure import NO_RUN

NEUTRALS = "Neutrals: the neutral units of the event act now, as the campaign sheet says."
PLAYING = ("Rest of the turn: record what happens on the units' cards (Stunned, Dazed, Staggered, incapacitated, "
           "treasure dropped, spells started or ended), then hand over.")
SPELLS = "Ongoing spells: each needs a Morale check to last; a failed check ends it."


def headline(state: GameState) -> str:
    b = state.board
    if not isinstance(b, WarbandBoard) or b.winner is None:
        return ""
    loser = state.player_name(b.routed if b.routed is not None else 1 - b.winner)
    return f"{state.player_name(b.winner)} wins: {loser}'s warband routed."


def outcome(state: GameState) -> dict[str, Any] | None:
    """The result once a warband has routed (None before): winner, how, a headline and a sentence, the round,
    and the treasure tokens each warband carried off (a campaign records them). Doc 004, "Rout Step": the
    warband that routs loses, the one left wins."""
    b = state.board
    if not isinstance(b, WarbandBoard) or b.winner is None:
        return None
    loser = state.player_name(b.routed if b.routed is not None else 1 - b.winner)
    why = "chose to rout after passing its rout check" if b.rout_how == "voluntary" else "failed its rout check"
    return {"winner": b.winner, "how": "rout", "title": f"{state.player_name(b.winner)} wins by rout",
            "detail": f"{loser}'s warband {why} and left the table.", "round": state.round,
            "treasures": [carried_off(b, seat) for seat in (0, 1)]}


def kind_words(u: WarbandUnit) -> str:
    words = [f"Hero · Morale {u.morale}" if u.hero else "Unit"]
    if u.caster:
        words.append("Caster")
    if not u.can_carry:
        words.append("Cannot carry treasure")
    return " · ".join(words)


def status_words(u: WarbandUnit) -> str:
    if u.presence == "incapacitated":
        return "Incapacitated"
    if u.presence == "routed":
        return "Left the table (rout)"
    return "" if u.condition == "normal" else NAMES[u.condition]


def unit_lines(u: WarbandUnit) -> tuple[str, str, str]:
    """(what its condition means, its treasure, its ongoing spells): empty where there is nothing to say."""
    return (MEANING[u.condition] if u.in_play and u.condition != "normal" else "",
            f"Carries a treasure token. {NO_RUN}" if u.carrying else "",
            "Ongoing spells: " + ", ".join(u.spells) if u.spells else "")


def rout_words(state: GameState) -> tuple[str, str]:
    """Why the current player makes a rout check, and which Morale it uses (the table adds how to record it:
    the watch page shows no instructions for the players)."""
    b = board(state)
    who = state.player_name(state.active)
    n_lost, n_held = rout_sum(b, state.active)
    return (f"Rout: {who} has lost {n_lost} unit(s); {state.player_name(1 - state.active)} holds {n_held} "
            f"treasure token(s). {n_lost + n_held} is {ROUT_AT} or more: {who} makes a rout check.",
            f"It is a Morale check with {morale_words(b, state.active)}.")


def rout_passed(state: GameState) -> str:
    return f"Passed: {state.player_name(state.active)}'s warband may fight on (tap Next) or rout by choice."


def treasure_words(state: GameState, controls: bool) -> str:
    how = " Use \"Pick up treasure\" on its card." if controls else ""
    return (f"Treasure: {board(state).treasures} token(s) on the table. A unit in contact with one may pick it up, "
            f"unless an opposing unit is within 2\" of it; one token per unit.{how}")


def hidden_events_words(state: GameState) -> str:
    hidden = board(state).hidden_events
    return f"Event tokens still hidden under treasure: {hidden}." if hidden is not None else ""


def event_words(state: GameState, event: TriggeredEvent) -> str:
    sheet = f": {event.text}" if event.text else ""
    where = "neutrals on the board" if event.neutrals_on_board else "no neutrals left"
    return f"Event by {state.player_name(event.seat)} (d20 {event.roll}){sheet} · {where}"


def grab_choice(state: GameState) -> tuple[str, dict[str, str]]:
    """Who picks the unit that tries for the token now (their name), and which of their units may try (id: name):
    the routing side checks first only when it alone is near (doc 004, "Grabbing Treasure after routing")."""
    g = board(state).grab
    assert g is not None
    side = g.loser if g.turn == "loser_check" else g.winner
    return state.player_name(side), {u.id: u.name for u in able(board(state), side)}


def spells_due(state: GameState) -> tuple[tuple[str, str, str], ...]:
    """(unit id, spell, words) of each ongoing spell still waiting for its check this turn."""
    return tuple((u.id, spell, f"{spell} ({u.name})") for u, spell in due(state))


def next_label(state: GameState) -> str:
    """Where Next goes: the end of the current upkeep step, or the hand-over at the end of the turn."""
    if state.phase == "play":
        return f"End turn: hand over to {state.player_name(1 - state.active)}"
    if state.phase == "upkeep":
        return f"Next: done with {step_of(state.step).label}"
    return "Next"


def next_shown(state: GameState) -> bool:
    """Whether Next is on the turn line: only while a turn goes on, not in the grab after a rout nor after it."""
    return state.phase in ("upkeep", "play")


def turn_line(state: GameState) -> dict[str, Any]:
    """The turn line, the table's and the spectators': round, whose turn, where the game is, the result, and the
    upkeep's steps with the current one marked."""
    over = state.phase == "over"
    steps = [{"label": s.label, "current": state.phase in ("upkeep", "play") and s.key == state.step}
             for s in (*UPKEEP, PLAY)]
    return {"round": "" if over else f"Round {state.round}",
            "player": "" if over else f"{state.player_name(state.active)}'s turn",
            "phase": label(state), "result": headline(state), "steps": steps}


def grab_words(state: GameState) -> tuple[str, str]:
    """The grab after a rout: which token, and what is asked now."""
    g = board(state).grab
    assert g is not None
    first = f"{state.player_name(g.loser)}'s warband routs. Last grab for treasure: token {g.token} of {g.tokens}."
    if g.turn == "where":
        return first, "Which sides have a unit within 5\" of this token? (Units unable to carry count too.)"
    owner = state.player_name(g.loser if g.turn == "loser_check" else g.winner)
    how = "takes it without a check" if g.turn == "winner_auto" else "tries with a Morale check"
    return first, f"{owner} chooses which unit within 5\" {how}."


def prompt(state: GameState) -> list[dict[str, str]]:
    """What the current moment asks of the players, as the watch page reads it (no controls): the lines of
    the table's "What happens now" panel; ``look`` "prompt" marks a heading line."""
    b = board(state)
    lines: list[tuple[str, str]] = []
    if state.phase == "over":
        lines.append((headline(state) + " The game is over.", "prompt"))
    elif state.phase == "grab":
        first, second = grab_words(state)
        lines += [(first, "prompt"), (second, "")]
    elif state.phase == "play":
        lines.append((PLAYING, ""))
    elif state.phase == "upkeep" and state.step == "neutrals":
        lines.append((NEUTRALS, "prompt"))
    elif state.phase == "upkeep" and state.step == "rout":
        why, how = rout_words(state)
        lines += [(why, "prompt"), (how, "")]
        if b.rout == "passed":
            lines.append((rout_passed(state), ""))
    elif state.phase == "upkeep" and state.step == "treasure":
        lines += [(treasure_words(state, False), "prompt"), (hidden_events_words(state), "")]
    elif state.phase == "upkeep" and state.step == "spells":
        lines += [(SPELLS, "prompt"), *((words, "") for _, _, words in spells_due(state))]
    lines += [(event_words(state, e), "") for e in b.events]
    return [{"text": text, "look": look} for text, look in lines if text]


def view(state: GameState) -> dict[str, Any]:
    """The parts of the spectators' view only a warband game has."""
    cards: dict[str, Any] = {}
    sides: list[list[str]] = [[], []]
    for u in board(state).units:
        sides[u.seat].append(u.id)
        cards[u.id] = {"name": u.name, "seat": u.seat, "kind": kind_words(u), "status": status_words(u),
                       "look": "" if u.in_play else "gone", "lines": [t for t in unit_lines(u) if t]}
    return {"turn": turn_line(state),
            "score": {"round": state.round, "cp": None, "active": state.active},
            "prompt": prompt(state), "cards": cards, "sides": sides}

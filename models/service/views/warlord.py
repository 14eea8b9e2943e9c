"""A Warlord game (doc 003) as the spectators see it, and the words the table page shares with them: the turn
line, the end phase's poison checks, and one card per model with its damage tracks and model states (what each
does and when it ends); also how the new-game form lists a model it was given, and the cards the pre-game screen
asks for."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from models.rules import GameState
from models.rules.steps import SETUP
from models.rules.warlord.activation import allowed_actions
from models.rules.warlord.card import STAT_LABELS, missing, stats_text
from models.rules.warlord.conditions import abilities_text, chips, label
from models.rules.warlord.effects import words
from models.rules.warlord.end_phase import POISON_TARGET, poison_bonus, poison_due
from models.rules.warlord.options import derived_values
from models.rules.warlord.phases import TURN
from models.rules.warlord.setup import ModelEntry
from models.rules.warlord.state import CONDITIONS, Figure, Stats, WarlordBoard, active_figure, figure

HOW = {"out_of_action": "with the other warband out of action", "end_of_game": "when the players ended the game",
       "concession": "by concession"}


def outcome(state: GameState) -> dict[str, Any] | None:
    """The result once the game is over (None before): winner, how, a headline and a sentence, the game turn."""
    b = state.board
    r = b.result if isinstance(b, WarlordBoard) else None
    if r is None:
        return None
    title = f"{state.player_name(r.winner)} wins {HOW[r.how]}" if r.winner is not None else "The game is a draw"
    return {"winner": r.winner, "how": r.how, "title": title, "detail": r.detail, "round": r.round}


def where(state: GameState) -> tuple[str, str]:
    """The turn bar's two labels: the game turn, and the phase with the activated model."""
    ended = outcome(state)
    if ended is not None:
        return f"Game turn {state.round}", f"Game over: {ended['title']}"
    if state.phase == SETUP:
        return f"Game turn {state.round}", "Before the game: the players type their models' card numbers"
    phase = TURN.phase(state.phase).label
    current = active_figure(state)
    if state.phase != "activations":
        return f"Game turn {state.round}", phase
    if current is None:
        return f"Game turn {state.round}", f"{phase}: no model activated"
    return f"Game turn {state.round}", f"{phase}: {current.name} ({state.player_name(current.seat)}) is activated"


def next_label(state: GameState) -> str:
    """The words of the button that starts the next game turn."""
    return f"Start game turn {state.round + 1}"


POISON_PROMPT = (f"Poison checks: roll the die for each poisoned model and type what it shows. {POISON_TARGET} or "
                 f"more passes; a miss costs 1 damage track. The poison goes either way.")


@dataclass(frozen=True)
class PoisonCheck:
    """One model's poison check as the end phase asks for it: ``words`` name the model and what the app adds to
    the die."""

    figure_id: str
    name: str
    words: str


def poison_checks(state: GameState) -> tuple[PoisonCheck, ...]:
    """The poison checks still owed (none outside the end phase), each with the bonuses added to its die."""
    if state.phase != "end":
        return ()
    checks = []
    for f in poison_due(state):
        bonus = ", ".join(f"{n:+d} for {why}" for why, n in poison_bonus(f))
        checks.append(PoisonCheck(f.id, f.name, f"{f.name}: die {bonus}"))
    return tuple(checks)


def status_words(f: Figure) -> str:
    if f.out_of_action:
        return "Out of action"
    if f.activation == "active":
        return f"Activated: {len(f.actions)} of {allowed_actions(f)} actions taken"
    return "Done this game turn" if f.activation == "done" else ""


def look(f: Figure) -> str:
    """The card's look: gone (out of action), active or done (its activation this game turn), or plain."""
    if f.out_of_action:
        return "gone"
    return "" if f.activation == "ready" else f.activation


@dataclass(frozen=True)
class Chip:
    """A model state on the card: what it does and when it ends; ``remove`` names its remove button."""

    name: str
    chip: str
    text: str
    remove: str


@dataclass(frozen=True)
class Card:
    """A model's card, the table's and the spectators': ``numbers`` are its card numbers now with what changed
    them (empty until they are typed), ``stats`` the numbers as typed (the card numbers dialog starts from them)."""

    name: str
    seat: int
    kind: str
    status: str
    look: str
    left: int
    of: int
    chips: tuple[Chip, ...]
    numbers: str
    stats: Stats | None

    @property
    def dt(self) -> str:
        return f"DT {self.left}/{self.of}"

    @property
    def dt_words(self) -> str:
        """What a screen reader hears for the damage tracks."""
        return f"Damage tracks: {self.left} of {self.of} left"


def card(state: GameState, figure_id: str) -> Card:
    """The card of one model, read whole on each change so the table draws only what differs."""
    return _card(figure(state, figure_id))


def _card(f: Figure) -> Card:
    return Card(f.name, f.seat, abilities_text(f.tough, f.abilities), status_words(f), look(f), f.remaining, f.tracks,
                tuple(Chip(name, chip, text, f"Remove {label(name)}: {f.name}") for name, chip, text in chips(f)),
                words(f) if f.stats is not None else "", f.stats)


@dataclass(frozen=True)
class PregameCard:
    """One card on the pre-game screen: the models that share it (``ids``: a model and its copies, entered under one
    name and typed alike so far, so their numbers are typed once), their side, the numbers typed so far and the
    ones the game still needs."""

    ids: tuple[str, ...]
    name: str
    seat: int
    stats: Stats
    needs: tuple[str, ...]

    @property
    def heading(self) -> str:
        """"Orc" for one model, "Orc · 3 models share this card" for copies."""
        return self.name if len(self.ids) == 1 else f"{self.name} · {len(self.ids)} models share this card"


def _copy_of(f: Figure, first: Figure) -> bool:
    """Whether ``f`` was entered under ``first``'s name on the same side (setup numbers a repeat "Orc 2") and has
    the same numbers so far."""
    return (f.seat == first.seat and f.stats == first.stats
            and re.fullmatch(rf"{re.escape(first.name)} \d+", f.name) is not None)


def pregame_cards(state: GameState) -> tuple[PregameCard, ...]:
    """The cards the pre-game screen asks for, in setup order: every model whose card numbers the app keeps, copies
    of one model on one card (a model set up without card numbers never holds the game up: it is left out)."""
    groups: list[list[Figure]] = []
    for f in state.board.figures if isinstance(state.board, WarlordBoard) else ():
        if f.stats is None:
            continue
        group = next((g for g in groups if _copy_of(f, g[0])), None)
        if group is None:
            groups.append([f])
        else:
            group.append(f)
    return tuple(PregameCard(tuple(f.id for f in g), g[0].name, g[0].seat, g[0].stats or Stats(),
                             tuple(STAT_LABELS[n] for n in missing(g[0].stats or Stats()))) for g in groups)


# The model states a player may add to a model, as (name, words).
STATES = tuple((name, label(name)) for name in CONDITIONS)


def entry_words(entry: ModelEntry) -> str:
    """A model the new-game form was given: "Ogre · 3 DT · Tough 2 · MOV 6 · MAV 4 · ..."."""
    numbers = stats_text(entry.stats) if entry.stats is not None else ""
    extras = abilities_text(entry.tough, entry.abilities)
    return " · ".join(p for p in (entry.name, f"{entry.tracks} DT", extras, numbers) if p)


def view(state: GameState, latest: str) -> dict[str, Any]:
    """The parts of the spectators' view only a Warlord game has; ``latest``: the newest log line, which the turn
    bar keeps in view (a consequence the app worked out is read where the players look)."""
    turn, phase = where(state)
    cards: dict[str, Any] = {}
    sides: list[list[str]] = [[], []]
    board = state.board
    for f in board.figures if isinstance(board, WarlordBoard) else ():
        sides[f.seat].append(f.id)
        c = _card(f)
        cards[f.id] = {
            "name": c.name, "seat": c.seat, "kind": c.kind, "status": c.status, "look": c.look,
            "dt": {"text": c.dt, "left": c.left, "of": c.of, "label": c.dt_words},
            "chips": [{"name": chip.name, "chip": chip.chip, "text": chip.text} for chip in c.chips],
        }
        if f.stats is not None:  # the card numbers after the model states, and what changed them
            cards[f.id]["lines"] = [c.numbers]
            cards[f.id]["derived"] = derived_values(f)
    return {"turn": {"round": turn, "phase": phase, "latest": latest},
            "score": {"round": state.round, "cp": None, "active": state.active}, "cards": cards, "sides": sides}

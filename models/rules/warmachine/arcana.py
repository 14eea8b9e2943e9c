"""Grymkin Arcana cards (doc 001 "Arcana"; doc 002 "Game Setup": the Grymkin player chooses Arcana among the
"before the game begins" abilities).

Each Grymkin warlock is given three cards before the first activation of the game: its own Trump and two cards
that are no warlock's Trump, with no card twice in the army; the choice is shown to both players. Each card is
played once per game, and a warlock plays at most one card per turn (either player's turn), at any time except
in the middle of an attack.

Which cards are Trumps is read from the warlock cards themselves (``Card.trump``): a card the game knows as
some Grymkin warlock's Trump cannot be taken as a regular card. The regular card names and ids are the public
facts in the reference folder.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.text import tidy
from models.rules.warmachine.match import ModelState, board, with_models
from models.rules.warmachine.phases import before_leaving
from models.rules.warmachine.spells import is_grymkin_warlock
from models.rules.warmachine.state import SYSTEM, done, live, mark_done

# Card name -> publisher card id (public facts; /work/shared/reference/README.md "Grymkin").
ARCANA: dict[str, int] = {
    "Accursed": 3621, "Desolation": 3624, "Fortune's Path": 3626, "Ill Omens": 3628, "Labyrinth": 3630,
    "Pandemonium": 3632, "Ruin": 3634, "Sacrifice": 3636, "Shroud": 3638, "The Shadow": 3640,
}
NAME_MAX = 60


def trumps(state: GameState) -> dict[str, str]:
    """Trump card name -> the name of the warlock card it belongs to, for every Grymkin warlock card known."""
    return {c.trump.strip(): c.name for c in board(state).cards.values()
            if c.role == "warlock" and c.faction.strip().lower() == "grymkin" and c.trump and c.trump.strip()}


def arcana_offer(state: GameState, lock: ModelState) -> tuple[str, list[str]]:
    """What a Grymkin warlock may be dealt (doc 001 "Arcana"): its own Trump ("" while its card does not say)
    and the regular cards, which are no warlock's Trump and not already another warlock's of its army."""
    own = (board(state).card_of(lock).trump or "").strip()
    owners = trumps(state)
    taken = {c for m in board(state).models if m.seat == lock.seat and m.id != lock.id for c in m.arcana}
    return own, [name for name in sorted(ARCANA) if name not in owners and name not in taken]


def known(state: GameState) -> dict[str, str]:
    """Lower-cased card name -> its proper spelling: the public list and every known Trump."""
    names = {n.lower(): n for n in ARCANA}
    names.update({t.lower(): t for t in trumps(state)})
    return names


def assign_open(state: GameState) -> bool:
    """Arcana are assigned before either player deploys (doc 001 "Arcana"): in a setup-wizard game up to its
    "before the game begins" step, and never once the wizard has reached deployment, the game's start
    included; in a game set up straight into round 1 (deployment happens around the app), before the game's
    first activation: round 1, the first player's turn, nobody activated yet."""
    pregame = board(state).pregame
    if pregame is not None:
        return state.phase == "setup" and pregame.step not in ("deploy", "after", "done")
    return (state.round == 1 and state.active == state.first and state.phase in ("maintenance", "control")
            and all(m.activation == "ready" for m in board(state).models))


def _grymkin(state: GameState, model_id: str) -> ModelState:
    m = live(state, model_id)
    if not is_grymkin_warlock(state, m):
        raise RuleViolation("arcana.not_grymkin",
                            f"Only Grymkin warlocks have Arcana cards; {m.name} has none.")
    return m


class AssignArcana(Command):
    """A Grymkin warlock's three Arcana cards (its Trump and two regular cards), shown to both players."""

    type: Literal["assign_arcana"] = "assign_arcana"
    warlock: str
    cards: tuple[str, str, str]


@handles(AssignArcana, system=SYSTEM, timing="game")
def assign_arcana(state: GameState, cmd: AssignArcana) -> tuple[GameState, list[Event]]:
    """Arcana (doc 001): before deployment each Grymkin warlock gets three cards, one of them its own Trump
    and the other two non-Trump cards, each card at most once in the army, revealed to the opponent."""
    m = _grymkin(state, cmd.warlock)
    own = board(state).card_of(m).trump
    if not own or not own.strip():
        raise RuleViolation("arcana.no_trump",
                            f"Enter {m.name}'s Trump card from its stat card first (complete the card).")
    own = own.strip()
    if m.arcana:
        raise RuleViolation("arcana.assigned", f"{m.name}'s Arcana cards are already chosen and revealed.")
    if not assign_open(state):
        raise RuleViolation("arcana.too_late", "Arcana cards are chosen before the game's first activation.")
    names = known(state)
    chosen: list[str] = []
    for raw in cmd.cards:
        text = tidy(raw)
        if not text or len(text) > NAME_MAX or text.lower() not in names:
            raise RuleViolation("arcana.unknown", f"There is no Arcana card called {text[:NAME_MAX]!r}.")
        chosen.append(names[text.lower()])
    if len(set(chosen)) < 3:
        raise RuleViolation("arcana.duplicate", "The three Arcana cards must all be different.")
    if own not in chosen:
        raise RuleViolation("arcana.trump_missing",
                            f"One of {m.name}'s three cards must be its Trump, {own}.")
    owners = trumps(state)
    for name in chosen:
        if name != own and name in owners:
            raise RuleViolation("arcana.other_trump",
                                f"{name} is {owners[name]}'s Trump; only that warlock can have it.")
    taken = {name: x.name for x in board(state).models if x.seat == m.seat and x.id != m.id for name in x.arcana}
    for name in chosen:
        if name in taken:
            raise RuleViolation("arcana.duplicate_in_army",
                                f"{name} is already {taken[name]}'s: an army has each Arcana card once.")
    m = m.model_copy(update={"arcana": tuple(chosen)})
    return with_models(state, m), [Event(kind="arcana.assigned", model=m.id,
                                        data={"cards": chosen, "trump": own},
                                        text=f"{m.name}'s Arcana cards: {', '.join(chosen)}.")]


class PlayArcana(Command):
    type: Literal["play_arcana"] = "play_arcana"
    warlock: str
    card: str = Field(min_length=1, max_length=NAME_MAX)


@handles(PlayArcana, system=SYSTEM, timing="anytime")
def play_arcana(state: GameState, cmd: PlayArcana) -> tuple[GameState, list[Event]]:
    """Playing an Arcana card (doc 001): any time, following the card's own rules; each card once per game; a
    warlock plays at most one per turn; never in the middle of an attack (doc 002 Appendix A, checked by the
    phase gate)."""
    m = _grymkin(state, cmd.warlock)
    name = next((c for c in m.arcana if c.lower() == tidy(cmd.card).lower()), None)
    if name is None:
        raise RuleViolation("arcana.not_assigned",
                            f"{cmd.card[:NAME_MAX]} is not one of {m.name}'s Arcana cards.")
    if name in m.arcana_played:
        raise RuleViolation("arcana.played", f"{m.name} has already played {name}; each card is played once.")
    if done(m, "arcana"):
        raise RuleViolation("arcana.once_per_turn", f"{m.name} has already played an Arcana card this turn.")
    m = mark_done(m, "arcana").model_copy(update={"arcana_played": (*m.arcana_played, name)})
    return with_models(state, m), [Event(kind="arcana.played", model=m.id, data={"card": name},
                                        text=f"{m.name} plays {name}.")]


def hand(state: GameState, m: ModelState) -> tuple[tuple[str, bool, bool], ...]:
    """A warlock's cards for both players' screens: (name, played, is its Trump)."""
    own = (board(state).card_of(m).trump or "").strip()
    return tuple((name, name in m.arcana_played, name == own) for name in m.arcana)


def unassigned(state: GameState) -> list[ModelState]:
    return [m for m in board(state).models if m.in_play and is_grymkin_warlock(state, m) and not m.arcana]


def require_assigned(state: GameState) -> None:
    """Refuse to go on while a Grymkin warlock in play has no Arcana cards."""
    missing = unassigned(state)
    if missing:
        raise RuleViolation("arcana.unassigned",
                            "Choose the Arcana cards first for: " + ", ".join(m.name for m in missing) + ".")


@before_leaving("control", "other")
def arcana_before_first_activation(state: GameState) -> None:
    """The game's first activation waits until every Grymkin warlock has its Arcana cards."""
    if assign_open(state):
        require_assigned(state)

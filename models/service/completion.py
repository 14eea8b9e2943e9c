"""What a player is asked about a card the catalog leaves incomplete, and the card their answers make.

Three screens ask: the table's completion dialog (a card in play that lacks a fact), the pre-game screen (every
card of an army before the game starts, the Trump card of a Grymkin warlock too) and the summon dialog (a
horror's web rings). Each gets a :class:`CardQuestions` saying what to ask, in the order it is shown, and turns
the typed answers into the completed card here, or a RuleViolation whose sentence the screen shows. Which facts
a card lacks is the rules' to say (models/rules/warmachine/completion.py); the screens only draw the fields.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from models.catalog.schema import NAME_MAX, Card, GridLayout, SpiralLayout, UnitInfo, WebLayout, missing_for_play
from models.rules.core import RuleViolation
from models.rules.text import tidy
from models.rules.warmachine.completion import (
    RING_MAX,
    cards_to_complete,
    completed_card,
    facts_to_ask,
    pregame_facts,
    rings_to_ask,
    setup_refusal,
    stats_to_ask,
    with_typed_rings,
)
from models.rules.warmachine.setup import ArmyEntry

ESSENCE = "ESSENCE"
DAMAGE_BOXES = "Damage boxes"
TROOPER_BOXES = "Trooper boxes"
LEADER_BOXES = "Leader boxes, if not the same"  # left empty: the leader has the troopers' boxes (damage.py)
RING_FIELDS = tuple(f"Boxes in the {ring} ring" for ring in ("outer", "middle", "centre"))
STATS = (ESSENCE, "FOCUS", "FURY", "THR")
NUMBER_MAX = 99  # the largest stat or count of boxes a field takes


@dataclass(frozen=True)
class CardQuestions:
    """What one screen asks about one card, from the player's own stat card."""

    card: Card
    facts: tuple[str, ...]  # what the card lacks, in words ("web rings", "FOCUS")
    numbers: tuple[str, ...] = ()  # every whole number asked (each field's label), in the order shown
    optional: tuple[str, ...] = ()  # those of ``numbers`` that may be left empty
    rings: tuple[str, ...] = ()  # those of ``numbers`` that are a web's rings, outer first
    web_total: int | None = None  # the boxes the web has in all, said above its rings when known
    most: int = NUMBER_MAX  # the largest whole number a field takes
    drawing: Literal["grid", "spiral"] | None = None  # tapped on the screen
    trump: bool = False  # the name of a Grymkin warlock's Trump card


def _web_total(card: Card) -> int | None:
    return card.damage.total if isinstance(card.damage, WebLayout) else None


def _drawing(missing: Sequence[str]) -> Literal["grid", "spiral"] | None:
    return "grid" if "grid columns" in missing else "spiral" if "spiral branches" in missing else None


def table_questions(card: Card) -> CardQuestions:
    """The table's completion dialog: what the game needs to track a card in play (no Trump card)."""
    missing = missing_for_play(card)
    rings = "web rings" in missing
    return CardQuestions(
        card, facts_to_ask(card),
        numbers=(*((ESSENCE,) if ESSENCE in missing else ()), *(RING_FIELDS if rings else ()),
                 *((DAMAGE_BOXES,) if "damage boxes" in missing else ()), *stats_to_ask(card)),
        rings=RING_FIELDS if rings else (), web_total=_web_total(card) if rings else None, drawing=_drawing(missing))


def pregame_questions(card: Card) -> CardQuestions:
    """The pre-game screen: what tracking needs, a unit's trooper (and leader) boxes and a missing Trump card."""
    missing = pregame_facts(card)
    leader = "trooper boxes" in missing and (card.unit is None or card.unit.leader_boxes is None)
    rings = "web rings" in missing
    return CardQuestions(
        card, missing,
        numbers=(*((ESSENCE,) if ESSENCE in missing else ()), *stats_to_ask(card),
                 *((DAMAGE_BOXES,) if "damage boxes" in missing else ()),
                 *((TROOPER_BOXES,) if "trooper boxes" in missing else ()), *((LEADER_BOXES,) if leader else ()),
                 *(RING_FIELDS if rings else ())),
        optional=(LEADER_BOXES,) if leader else (), rings=RING_FIELDS if rings else (),
        web_total=_web_total(card) if rings else None, drawing=_drawing(missing), trump="Trump arcana" in missing)


def summon_questions(card: Card) -> CardQuestions:
    """The summon dialog: a horror's web rings when its card lacks them."""
    rings = tuple(f"{ring} ring" for ring in rings_to_ask(card))
    return CardQuestions(card, ("web rings",) if rings else (), numbers=rings, rings=rings, most=RING_MAX)


def table_card(q: CardQuestions, typed: Mapping[str, int | None], drawn: GridLayout | SpiralLayout | None = None
               ) -> Card:
    """The card completed with what was typed (by field label) or drawn; whether a web's rings add up is the
    rules' to say when the card is sent."""
    rings = [n for label in q.rings if (n := typed.get(label)) is not None]
    return completed_card(
        q.card, {s: n for s in STATS if (n := typed.get(s)) is not None}, boxes=typed.get(DAMAGE_BOXES),
        rings=(rings[0], rings[1], rings[2]) if len(rings) == len(RING_FIELDS) else None, drawn=drawn)


def pregame_card(q: CardQuestions, typed: Mapping[str, int | None], drawn: GridLayout | SpiralLayout | None = None,
                 trump: str | None = None) -> Card:
    """The card completed with what was typed or drawn and its Trump card's name; the refusal names the card,
    as the screen asks about several at once."""
    card = q.card
    rings = [n for label in q.rings if (n := typed.get(label)) is not None]
    if q.web_total is not None and q.rings and len(rings) == len(q.rings) and sum(rings) != q.web_total:
        raise RuleViolation("card.rings_total",
                            f"{card.name}: the three rings must add up to the web's {q.web_total} boxes.")
    try:
        done = table_card(q, typed, drawn)
    except RuleViolation as refusal:
        raise RuleViolation(refusal.code, f"{card.name}: {refusal.message}") from refusal
    unit = card.unit
    if TROOPER_BOXES in q.numbers:
        unit = (unit or UnitInfo()).model_copy(update={
            "trooper_boxes": typed.get(TROOPER_BOXES),
            "leader_boxes": typed.get(LEADER_BOXES, unit.leader_boxes if unit else None)})
    named = card.trump
    if q.trump:
        named = tidy(trump)[:NAME_MAX]
        if not named:
            raise RuleViolation("name.empty", f"{card.name}, Trump arcana: enter the name of its Trump card.")
    return done.model_copy(update={"unit": unit, "trump": named})


def summoned_horror(card: Card, rings: Sequence[int | None]) -> Card:
    """The horror with the rings typed for its :func:`summon_questions` (None: not a whole number), or its card
    as it is when none are asked; whether they fit its web is the rules' to say when it is summoned."""
    return with_typed_rings(card, rings)


def still_missing(cards: Sequence[Card]) -> str | None:
    """What the pre-game screen must still be told about completed ``cards``, in words; None when nothing."""
    left = [f"{c.name} ({', '.join(facts)})" for c in cards if (facts := pregame_facts(c))]
    return "Still missing: " + "; ".join(left) + "." if left else None


@dataclass(frozen=True)
class PregameAsk:
    """Before a game starts: the refusal its set-up would meet, or each side's cards to complete."""

    refusal: str | None
    sides: tuple[tuple[str, tuple[CardQuestions, ...]], ...] = ()  # (player, their cards), sides with none left out


def pregame_ask(title: str, sides: Sequence[tuple[str, Sequence[ArmyEntry]]], cards: Mapping[str, Card]
                ) -> PregameAsk:
    """What to ask each side (player name, army) before the game starts: a card two sides field is asked of the
    first; nothing is asked of a game its set-up would refuse (no title, an army that breaks a rule)."""
    refusal = setup_refusal(title, sides, cards)
    if refusal:
        return PregameAsk(refusal)
    asking: list[tuple[str, tuple[CardQuestions, ...]]] = []
    asked: set[str] = set()
    for player, army in sides:
        todo = cards_to_complete([e.card for e in army], cards, asked)
        asked |= {c.key for c in todo}
        if todo:
            asking.append((player, tuple(pregame_questions(c) for c in todo)))
    return PregameAsk(None, tuple(asking))

"""Builders for the Infernal rules tests (imported as ``tests.rules.warmachine.infernals.infernal_game``).

The table: Ann (seat 0, first) plays Agathon with a Lamenter and a Tormentor, Princess Regna with a
Foreboder, a Cultist Band of four, an Umbral Guardian, an Infernal Gate and a mercenary test warjack. Bob
(seat 1) plays Agathon with a Lamenter and a Cultist Band of four. Webs the catalog lacks are completed here
as a player would from their own cards.
"""

from __future__ import annotations

from typing import Any

from models.catalog import shipped_cards
from models.catalog.schema import Card, WebLayout
from models.rules import GameState, apply
from models.rules.warmachine.match import board, with_board
from models.rules.warmachine.setup import ArmyEntry, SetupGame, Side
from tests.rules.warmachine.game import (  # noqa: F401 - shared helpers
    activated,
    fall,
    happened,
    let_fall,
    refused,
    run,
    to_step,
    with_model,
)

SHIPPED = shipped_cards()


def webbed(key: str, rings: tuple[int, int, int], **changes: Any) -> Card:
    """A shipped horror card with its web rings (and any other missing facts) filled in."""
    card = SHIPPED[key]
    damage = card.damage.model_copy(update={"rings": rings, "total": sum(rings)})
    return card.model_copy(update={"damage": damage, **changes})


TEST_JACK = Card(key="test-jack", name="Test Jack", faction="Mercenaries", role="warjack", is_construct=True,
                 damage={"kind": "boxes", "boxes": 10})

CARDS: dict[str, Card] = {
    **SHIPPED,
    "lamenter": webbed("lamenter", (8, 6, 4)),
    "tormentor": webbed("tormentor", (10, 8, 6)),
    "foreboder": webbed("foreboder", (6, 4, 4)),
    "test-jack": TEST_JACK,
}
# Horrors the game does not know until someone summons them.
SHRIEKER = webbed("shrieker", (7, 6, 4))
DESOLATOR = SHIPPED["desolator"]
DESOLATOR_DONE = SHIPPED["desolator"].model_copy(update={
    "stats": SHIPPED["desolator"].stats.model_copy(update={"ESSENCE": 4}),
    "damage": WebLayout(total=26, rings=(12, 8, 6))})

AGATHON, LAMENTER, TORMENTOR = "p1-agathon", "p1-lamenter", "p1-tormentor"
REGNA, FOREBODER = "p1-princess-regna", "p1-foreboder"
BAND = "p1-cultist-band"
LEADER, CULTIST_1, CULTIST_2, CULTIST_3 = (f"{BAND}.{k}" for k in range(4))
UMBRAL, GATE, JACK = "p1-umbral-guardian", "p1-infernal-gate", "p1-test-jack"
ENEMY_AGATHON, ENEMY_LAMENTER = "p2-agathon", "p2-lamenter"
ENEMY_LEADER = "p2-cultist-band.0"

ANN_ARMY = (
    ArmyEntry(card="agathon"),
    ArmyEntry(card="lamenter", battlegroup_of=0),
    ArmyEntry(card="tormentor", battlegroup_of=0),
    ArmyEntry(card="princess-regna"),
    ArmyEntry(card="foreboder", battlegroup_of=3),
    ArmyEntry(card="cultist-band", size=4),
    ArmyEntry(card="umbral-guardian"),
    ArmyEntry(card="infernal-gate"),
    ArmyEntry(card="test-jack"),
)
BOB_ARMY = (
    ArmyEntry(card="agathon"),
    ArmyEntry(card="lamenter", battlegroup_of=0),
    ArmyEntry(card="cultist-band", size=4),
)


def new_table(army_1: tuple[ArmyEntry, ...] = ANN_ARMY,
              army_2: tuple[ArmyEntry, ...] = BOB_ARMY) -> GameState:
    """A set-up game: round 1, Ann's maintenance phase."""
    keys = {e.card for e in (*army_1, *army_2)}
    state, _ = apply(GameState(), SetupGame(
        title="Infernal test", cards={k: CARDS[k] for k in keys},
        sides=(Side(player="Ann", army=army_1), Side(player="Bob", army=army_2))))
    return state


def with_card(state: GameState, card: Card) -> GameState:
    """The state with one card replaced (as the card editor would leave it)."""
    return with_board(state, cards={**board(state).cards, card.key: card})

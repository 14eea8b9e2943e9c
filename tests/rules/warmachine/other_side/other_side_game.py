"""Builders for the rules tests of the other side of the table (imported as
``tests.rules.warmachine.other_side.other_side_game``).

Cards are built here, inline, as a player would type them from their own stat cards: the numbers are test
data (only the Dire Troll Blitzer's THR 9 is the reference's, doc 002 "Frenzy & Threshold").

The table: Cy (seat 0, first) plays a warcaster (FOCUS 6) with two heavy warjacks, a Trencher Blockhouse
structure and a unit of three with an attachment; Tro (seat 1) plays a warlock (FURY 6) with a Dire Troll
Blitzer (FURY 4, THR 9) and a second warbeast. A Grymkin table is built separately.
"""

from __future__ import annotations

from models.catalog.schema import Card
from models.rules import Event, GameState, apply
from models.rules.dice import Roll
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.setup import ArmyEntry, SetupGame, Side
from tests.rules.warmachine.game import (  # noqa: F401 - shared helpers
    activated,
    at_step,
    fall,
    happened,
    let_fall,
    refused,
    run,
    to_step,
    with_model,
)

# Six columns, top to bottom: '.' a plain box, a letter a system box, '-' no box (32 boxes).
#   column 1: . L L .        (4 boxes)
#   column 2: . . L M . .
#   column 3: . . M C . .
#   column 4: . . C M . .
#   column 5: . . R M . .
#   column 6: . R R .        (4 boxes)
JACK_GRID = ("-.LL.-", "..LM..", "..MC..", "..CM..", "..RM..", "-.RR.-")
# Three branches, outside in: Mind, Body, Spirit (16 boxes).
BEAST_SPIRAL = ("...MM", "....BB", "...SS")

CASTER = Card(key="test-caster", name="Commander Test", faction="Cygnar", role="warcaster",
              stats={"FOCUS": 6, "ARM": 15}, damage={"kind": "boxes", "boxes": 17})
JACK = Card(key="test-heavy", name="Ironclad Test", faction="Cygnar", role="warjack", weight="heavy",
            is_construct=True, damage={"kind": "grid", "columns": JACK_GRID})
BLOCKHOUSE = Card(key="trencher-blockhouse", name="Trencher Blockhouse", faction="Cygnar", role="structure",
                  damage={"kind": "boxes", "boxes": 20})
INFANTRY = Card(key="test-infantry", name="Trencher Test Infantry", faction="Cygnar", role="unit",
                unit={"costs": {3: 5}, "leader_boxes": 1, "trooper_boxes": 1, "leader_name": "Sergeant",
                      "trooper_name": "Trencher"})
WARLOCK = Card(key="test-warlock", name="Madrak Test", faction="Trollbloods", role="warlock",
               stats={"FURY": 6}, damage={"kind": "boxes", "boxes": 18})
BLITZER = Card(key="dire-troll-blitzer", name="Dire Troll Blitzer", faction="Trollbloods", role="warbeast",
               weight="heavy", stats={"FURY": 4, "THR": 9},
               damage={"kind": "spiral", "branches": BEAST_SPIRAL})
IMPALER = Card(key="test-impaler", name="Troll Test Impaler", faction="Trollbloods", role="warbeast",
               weight="light", stats={"FURY": 3, "THR": 8},
               damage={"kind": "spiral", "branches": BEAST_SPIRAL})

CARDS = {c.key: c for c in (CASTER, JACK, BLOCKHOUSE, INFANTRY, WARLOCK, BLITZER, IMPALER)}

CY_ARMY = (
    ArmyEntry(card="test-caster"),
    ArmyEntry(card="test-heavy", battlegroup_of=0),
    ArmyEntry(card="test-heavy", battlegroup_of=0),
    ArmyEntry(card="trencher-blockhouse"),
    ArmyEntry(card="test-infantry", size=3),
)
TRO_ARMY = (
    ArmyEntry(card="test-warlock"),
    ArmyEntry(card="dire-troll-blitzer", battlegroup_of=0),
    ArmyEntry(card="test-impaler", battlegroup_of=0),
)

CAST, JACK_1, JACK_2 = "p1-test-caster", "p1-test-heavy", "p1-test-heavy-2"
BLOCK = "p1-trencher-blockhouse"
UNIT = "p1-test-infantry"
SERGEANT, TRENCHER_1, TRENCHER_2 = (f"{UNIT}.{k}" for k in range(3))
LOCK, BLITZ, IMPALE = "p2-test-warlock", "p2-dire-troll-blitzer", "p2-test-impaler"

# Grymkin (doc 001 "Arcana"): two warlocks with made-up Trump names, and one whose Trump is a listed card.
GRYM_1 = Card(key="test-grymkin", name="Dreamer Test", faction="Grymkin", role="warlock",
              trump="Trump of Dreams", stats={"FURY": 7}, damage={"kind": "boxes", "boxes": 16})
GRYM_2 = Card(key="test-grymkin-2", name="Wanderer Test", faction="Grymkin", role="warlock", trump="Shroud",
              stats={"FURY": 6}, damage={"kind": "boxes", "boxes": 16})
GRYM_NO_TRUMP = Card(key="test-grymkin-3", name="Nameless Test", faction="Grymkin", role="warlock",
                     stats={"FURY": 6}, damage={"kind": "boxes", "boxes": 16})
CAGE_RAGER = Card(key="cage-rager", name="Cage Rager", faction="Grymkin", role="warbeast", weight="heavy",
                  stats={"STR": 11, "DEF": 10, "ARM": 19, "FURY": 4, "THR": 8},
                  damage={"kind": "spiral", "branches": BEAST_SPIRAL})
GRYM_CARDS = {c.key: c for c in (GRYM_1, GRYM_2, GRYM_NO_TRUMP, CAGE_RAGER, CASTER, JACK)}
GRYM_ARMY = (
    ArmyEntry(card="test-grymkin"),
    ArmyEntry(card="cage-rager", battlegroup_of=0),
    ArmyEntry(card="test-grymkin-2"),
)
DREAMER, RAGER, WANDERER = "p1-test-grymkin", "p1-cage-rager", "p1-test-grymkin-2"
ENEMY_CASTER = "p2-test-caster"


def new_game(army_1: tuple[ArmyEntry, ...] = CY_ARMY, army_2: tuple[ArmyEntry, ...] = TRO_ARMY,
             cards: dict[str, Card] | None = None, first: int = 0) -> GameState:
    """A set-up game: round 1, the first player's maintenance phase."""
    cards = cards or CARDS
    keys = {e.card for e in (*army_1, *army_2)}
    sides = (Side(player="Cy", army=army_1), Side(player="Tro", army=army_2))
    state, _ = apply(GameState(), SetupGame(title="Other side", first=first,
                                            cards={k: cards[k] for k in keys}, sides=sides))
    return state


def grymkin_wizard_setup() -> SetupGame:
    """Gry's Grymkin warlocks against Cy's warcaster, set up with the setup wizard (doc 002 "Game Setup")."""
    keys = ("test-grymkin", "cage-rager", "test-grymkin-2", "test-caster")
    return SetupGame(title="Wizard", wizard=True, cards={k: GRYM_CARDS[k] for k in keys},
                     sides=(Side(player="Gry", army=GRYM_ARMY),
                            Side(player="Cy", army=(ArmyEntry(card="test-caster"),))))


def grymkin_game(army: tuple[ArmyEntry, ...] = GRYM_ARMY) -> GameState:
    """Gry (seat 0, first) with Grymkin warlocks against Cy's warcaster and warjack."""
    keys = {e.card for e in army} | {"test-caster", "test-heavy"}
    state, _ = apply(GameState(), SetupGame(
        title="Arcana", cards={k: GRYM_CARDS[k] for k in keys},
        sides=(Side(player="Gry", army=army),
               Side(player="Cy", army=(ArmyEntry(card="test-caster"),
                                       ArmyEntry(card="test-heavy", battlegroup_of=0))))))
    return state


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def walk(state: GameState) -> list[tuple[str, str]]:
    """The steps of the active player's turn from here to its end."""
    seat, seen = state.active, [(state.phase, state.step)]
    while True:
        state = run(state, Advance())
        if state.active != seat:
            return seen
        seen.append((state.phase, state.step))


def roll(*dice: int) -> Roll:
    return Roll(dice=dice)

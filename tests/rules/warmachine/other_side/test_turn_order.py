"""The turn for every caster type in doc 002's order ("Game Round"), with doc 001's Infernal turn kept as
a subsequence; activations of units as a whole and who has not activated yet."""

from models.catalog.schema import Card
from models.rules.warmachine.activation import Activate, EndActivation
from models.rules.warmachine.match import board
from models.rules.warmachine.phases import PHASES, label, step_label, turn_steps
from models.rules.warmachine.setup import ArmyEntry
from models.rules.warmachine.units import waiting
from tests.rules.warmachine.other_side.other_side_game import (
    BLOCK,
    CARDS,
    CAST,
    JACK_1,
    SERGEANT,
    TRENCHER_2,
    new_game,
    refused,
    run,
    to_step,
    walk,
)

DOC_002_ORDER = [
    ("maintenance", "excess"),      # clear tokens; focus off warjacks; focus above FOCUS; fury above FURY
    ("maintenance", "continuous"),  # fire and corrosion
    ("maintenance", "other"),
    ("control", "replenish"),       # warlocks leech, warcasters replenish (and Infernal masters)
    ("control", "souls"),           # doc 001 step 2 (Infernal soul tokens)
    ("control", "spirit_bond"),
    ("control", "power_up"),
    ("control", "allocate"),        # warcasters allocate (and Infernal masters)
    ("control", "upkeep"),
    ("control", "frenzy"),
    ("control", "other"),
    ("activation", "activate"),
    ("end", "tithe"),
]
INFERNAL_ORDER = [
    ("maintenance", "excess"), ("maintenance", "continuous"), ("maintenance", "other"),
    ("control", "replenish"), ("control", "souls"), ("control", "allocate"), ("control", "upkeep"),
    ("control", "other"), ("activation", "activate"), ("end", "tithe"),
]
EVERYTHING = {
    **CARDS,
    "test-mixed-warlock": CARDS["test-warlock"].model_copy(update={"key": "test-mixed-warlock",
                                                                    "faction": "Mercenaries"}),
}


def test_turn_of_an_army_with_every_caster_type_follows_doc_002_order():
    """doc 002, "Game Round": maintenance, then leech and replenish, spirit bond, power up, allocate, upkeep,
    frenzy checks, other effects; then activation."""
    army = (ArmyEntry(card="test-caster"), ArmyEntry(card="test-heavy", battlegroup_of=0),
            ArmyEntry(card="test-mixed-warlock"), ArmyEntry(card="dire-troll-blitzer", battlegroup_of=2))
    state = new_game(army, army, cards=EVERYTHING)
    order = [x for x in DOC_002_ORDER if x != ("control", "souls")]  # soul tokens: masters only
    assert steps_of(state) == order
    stops = walk(state)
    assert [x for x in order if x in stops] == stops, "the turn stops only at its own steps, in order"


def steps_of(state):
    return [(p.key, s.key) for p, s in turn_steps(state)]


def test_every_phase_keeps_the_infernal_order_as_a_subsequence():
    """doc 001, "The Infernal Turn" and doc 002, "Game Round": the Infernal steps stay in their order among
    the steps of every caster type."""
    everything = [(p.key, s.key) for p in PHASES for s in p.steps]
    assert everything == DOC_002_ORDER
    assert [x for x in everything if x in INFERNAL_ORDER] == INFERNAL_ORDER


def test_steps_a_side_has_no_model_for_are_skipped(table):
    """doc 002, "Game Round": a warcaster's side has no spirit bond or frenzy checks; a warlock's side has no
    power up."""
    assert ("control", "power_up") in steps_of(table)
    assert ("control", "spirit_bond") not in steps_of(table)
    assert ("control", "frenzy") not in steps_of(table)
    theirs = to_step(table, "activation", "activate", seat=1)
    assert ("control", "spirit_bond") in steps_of(theirs)
    assert ("control", "frenzy") in steps_of(theirs)
    assert ("control", "power_up") not in steps_of(theirs)


def test_step_labels_speak_of_focus_and_fury_for_these_armies(table):
    """doc 002, "Game Round": the maintenance phase removes focus and fury as well as essence."""
    words = {s.key + "@" + p.key: step_label(table, s) for p, s in turn_steps(table)}
    assert words["excess@maintenance"] == "Remove focus from warjacks and above FOCUS"
    assert words["replenish@control"] == "Warcasters replenish focus"
    assert label(table) == "Control: Allocate focus to warjacks"
    theirs = to_step(table, "activation", "activate", seat=1)
    assert {s.key: step_label(theirs, s) for p, s in turn_steps(theirs)}["replenish"] == "Leech fury"


def test_a_cygnar_or_trollblood_turn_has_no_infernal_step_or_word(table):
    """doc 002, "Game Round" has no soul tokens and no tithe: those are doc 001's Infernal steps ("Control
    Phase" step 2, "Tithe"). A warlock's turn has no allocation either."""
    for seat in (0, 1):
        state = to_step(table, "activation", "activate", seat=seat)
        steps = turn_steps(state)
        assert ("control", "souls") not in [(p.key, s.key) for p, s in steps]
        words = " ".join(step_label(state, s) for _, s in steps).lower()
        assert "tithe" not in words and "soul" not in words and "essence" not in words
        assert step_label(state, steps[-1][1]) == "Finish the turn"
    theirs = to_step(table, "activation", "activate", seat=1)
    assert ("control", "allocate") not in steps_of(theirs)


def test_a_command_for_a_step_not_in_this_turn_is_refused(table):
    """doc 002, "Game Round": spirit bond is a warlock's step; in a turn of a side without warlocks it does
    not happen."""
    from models.rules.warmachine.fury import SpiritBond

    state = to_step(table, "control", "replenish", seat=0)
    assert refused(state, SpiritBond(warlock="p2-test-warlock", points=1)) == "step.not_this_turn"


def test_units_activate_as_a_whole_and_every_model_once(table):
    """doc 002, "Game Round: Activation Phase": units and independent models activate one at a time, each
    once per turn; a unit activates as a whole."""
    state = to_step(table, "activation", "activate")
    assert waiting(state, 0) == ["Commander Test", "Ironclad Test", "Ironclad Test 2", "Trencher Blockhouse",
                                 "Trencher Test Infantry"]
    state = run(state, Activate(model=TRENCHER_2))
    assert {board(state).model(x).activation for x in (SERGEANT, TRENCHER_2)} == {"active"}
    state = run(state, EndActivation(model=SERGEANT), Activate(model=CAST), Activate(model=JACK_1))
    assert waiting(state, 0) == ["Ironclad Test", "Ironclad Test 2", "Trencher Blockhouse"]
    assert refused(state, Activate(model=SERGEANT)) == "activation.done"
    state = run(state, EndActivation(model=JACK_1), Activate(model=BLOCK))
    assert board(state).model(BLOCK).activation == "active"


def test_structures_and_solos_are_independent_models(table):
    """doc 001, "Structures": structures are independent models; they activate on their own."""
    solo = Card(key="test-solo", name="Test Solo", faction="Cygnar", role="solo",
                damage={"kind": "boxes", "boxes": 5})
    state = new_game((ArmyEntry(card="test-caster"), ArmyEntry(card="test-solo"),
                      ArmyEntry(card="trencher-blockhouse")), cards={**CARDS, "test-solo": solo})
    state = to_step(state, "activation", "activate")
    state = run(state, Activate(model="p1-test-solo"))
    assert [m.id for m in board(state).models if m.activation == "active"] == ["p1-test-solo"]

"""What warcasters, warjacks, warlocks, warbeasts and structures may do now, and their notes (DESIGN.md "The
rules core": options() says what is possible and why not)."""

from models.rules import options
from models.rules.warmachine.damage import MarkDamage
from models.rules.warmachine.match import board
from models.rules.warmachine.options import notes
from tests.rules.warmachine.other_side.other_side_game import (
    BLITZ,
    BLOCK,
    CAST,
    IMPALE,
    JACK_1,
    JACK_2,
    LOCK,
    activated,
    run,
    to_step,
    with_model,
)


def option(state, model_id, action):
    return next(o for o in options(state, model_id) if o.action == action)


def test_a_warcaster_may_allocate_focus_in_the_control_phase(table):
    """doc 002, "Game Round": warcasters allocate in the control phase; the option is open there and greyed
    with the reason in activation."""
    assert option(to_step(table, "control", "power_up"), CAST, "allocate_focus").allowed
    greyed = option(to_step(table, "activation", "activate"), CAST, "allocate_focus")
    assert (greyed.allowed, greyed.code) == (False, "step.wrong")
    assert option(to_step(table, "control", "power_up"), JACK_1, "receive_focus").allowed


def test_a_warjack_without_focus_sees_why_it_cannot_boost(table):
    """Mk III core rule (public): a warjack needs focus to boost; the greyed option says so."""
    state = with_model(activated(table, JACK_1), JACK_1, focus=0)
    boost = option(state, JACK_1, "boost_attack")
    assert (boost.allowed, boost.code) == (False, "focus.not_enough")
    assert "0 focus" in boost.reason


def test_a_warlock_sees_its_leech_options(table):
    """doc 002, "Game Round": warlocks leech in the control phase."""
    state = with_model(with_model(table, LOCK, fury=2), BLITZ, fury=2)
    state = to_step(state, "control", "replenish", seat=1)
    assert option(state, LOCK, "leech_fury").allowed
    assert option(state, LOCK, "leech_life").allowed
    assert option(state, BLITZ, "be_leeched").allowed
    assert option(state, LOCK, "spirit_bond").code == "spirit_bond.none"  # no warbeast destroyed: not offered


def test_a_warbeast_with_fury_is_offered_its_threshold_check(table):
    """doc 002, "Frenzy & Threshold": warbeasts with fury check in the control phase; one with no fury is not
    offered it (refused with ``frenzy.no_fury``, which the table does not show)."""
    at_frenzy = to_step(with_model(table, IMPALE, fury=1), "control", "frenzy", seat=1)
    assert option(at_frenzy, BLITZ, "threshold_check").code == "frenzy.no_fury"
    state = to_step(with_model(table, BLITZ, fury=2), "control", "upkeep", seat=1)
    assert option(state, BLITZ, "threshold_check").allowed
    assert option(state, BLITZ, "threshold_check").action == "threshold_check"


def test_damage_can_be_marked_on_grids_and_spirals(table):
    """doc 002, "Damage Application": damage is marked on every model type (grids and spirals ask for the
    column)."""
    assert option(table, JACK_1, "mark_damage").allowed
    assert option(table, BLITZ, "mark_damage").allowed


def test_a_structure_is_offered_no_movement_and_shows_its_rules(table):
    """doc 001, "Structures": the app greys movement with the reason and shows the reminders."""
    state = activated(table, BLOCK)
    run_option = option(state, BLOCK, "run")
    assert (run_option.allowed, run_option.code) == (False, "structure.fixed")
    assert notes(state, BLOCK)[0].startswith("Structure:")


def test_crippled_systems_and_aspects_are_notes_in_words(table):
    """Damage grid and spiral: the app says in our words what a crippled system or aspect does."""
    state = run(table, MarkDamage(model=JACK_1, amount=7, column=3),
                MarkDamage(model=JACK_1, amount=2, column=4))
    assert any(n.startswith("Cortex system crippled: It loses all its focus") for n in notes(state, JACK_1))
    state = run(table, MarkDamage(model=BLITZ, amount=5, column=5))
    assert notes(state, BLITZ) == ("Spirit aspect crippled: It can no longer be forced.",)


def test_options_never_raise_for_any_model(table, grymkin):
    """DESIGN.md "The rules core": options() answers for every model in every phase."""
    for state in (table, to_step(table, "control", "replenish", seat=1), grymkin):
        for m in board(state).models:
            assert options(state, m.id)
            notes(state, m.id)


def test_allocate_focus_stays_open_while_any_warjack_has_room(table):
    """Mk III core rule (public, focus.py): a warjack holds at most 3 focus. "Allocate focus" is open while any
    warjack of the battlegroup can take a point, not only the first one."""
    state = to_step(table, "control", "allocate")
    state = with_model(with_model(state, JACK_1, focus=3), JACK_2, focus=0)
    assert option(state, CAST, "allocate_focus").allowed
    full = with_model(state, JACK_2, focus=3)
    greyed = option(full, CAST, "allocate_focus")
    assert (greyed.allowed, greyed.code) == (False, "focus.warjack_cap")


def test_leech_fury_stays_open_while_any_warbeast_has_fury(table):
    """doc 002, "Game Round": warlocks leech from warbeasts of their battlegroup; the option is open while any
    warbeast has fury to give."""
    state = with_model(with_model(table, LOCK, fury=0), IMPALE, fury=1)
    state = to_step(with_model(state, BLITZ, fury=0), "control", "replenish", seat=1)
    assert option(state, LOCK, "leech_fury").allowed
    dry = with_model(state, IMPALE, fury=0)
    assert (option(dry, LOCK, "leech_fury").allowed, option(dry, LOCK, "leech_fury").code) == (
        False, "fury.leech_too_much")

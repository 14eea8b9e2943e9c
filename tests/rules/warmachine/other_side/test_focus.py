"""Focus for warcasters and warjacks (doc 002 "Game Round": maintenance and control steps; the Mk III core
rules for power up, allocation and the warjack's 3-focus limit, public and named as such)."""

from models.rules.warmachine.activation import Charge, Run
from models.rules.warmachine.attacks import Boost, BuyAttack
from models.rules.warmachine.damage import MarkDamage
from models.rules.warmachine.focus import AllocateFocus, SkipPowerUp
from models.rules.warmachine.match import board
from models.rules.warmachine.phases import Advance, turn_steps
from models.rules.warmachine.spells import CastSpell, Upkeep
from tests.rules.warmachine.other_side.other_side_game import (
    CAST,
    JACK_1,
    JACK_2,
    LOCK,
    activated,
    happened,
    kinds,
    refused,
    run,
    to_step,
    with_model,
)


def test_a_warcaster_starts_with_focus_equal_to_its_focus_and_warjacks_with_none(table):
    """Mk III core rule (public): a warcaster begins the game with FOCUS focus points; warjacks have only
    what they are given."""
    assert board(table).model(CAST).focus == 6
    assert board(table).model(JACK_1).focus == 1, \
        "none of its own: 1 from the first power up, the turn now at allocation"
    assert (table.phase, table.step) == ("control", "allocate")


def test_maintenance_removes_all_focus_from_warjacks(table):
    """doc 002, "Game Round": Maintenance, "Remove all focus points from your warjacks"."""
    state = to_step(with_model(table, JACK_1, focus=3), "activation", "activate", seat=1)
    assert board(state).model(JACK_1).focus == 3, "only in its controller's maintenance phase"
    state, events = happened(state, Advance())
    lost = [e for e in events if e.kind == "focus.lost" and e.model == JACK_1]
    assert [e.data["points"] for e in lost] == [3]


def test_maintenance_removes_focus_above_focus_from_focus_manipulation_models(table):
    """doc 002, "Game Round": "Remove all focus points in excess of the FOCUS stat" for each model with
    Focus Manipulation."""
    state = to_step(with_model(table, CAST, focus=8), "maintenance", "excess", seat=1)
    state = to_step(state, "maintenance", "excess", seat=0)
    assert board(state).model(CAST).focus == 6


def test_warcasters_replenish_focus_to_focus_in_the_control_phase(table):
    """doc 002, "Game Round": Control, "Warcasters Replenish" (to their FOCUS, Mk III core rule)."""
    state = to_step(with_model(table, CAST, focus=1), "activation", "activate", seat=1)
    state, events = happened(state, Advance())
    assert (state.active, state.phase, state.step) == (0, "control", "allocate")
    assert board(state).model(CAST).focus == 6
    assert "focus.replenished" in kinds(events)


def test_warjacks_power_up_one_focus_each(table):
    """doc 002, "Game Round": Control, "Warjacks Power Up": each warjack of the battlegroup gains 1 focus
    (in control range, assumed unless the players say otherwise)."""
    state = to_step(table, "control", "power_up")
    assert (board(state).model(JACK_1).focus, board(state).model(JACK_2).focus) == (1, 1)


def test_a_warjack_out_of_control_range_does_not_power_up(table):
    """Mk III core rule (public): power up needs the warjack in its warcaster's control range; the players
    say when it is not."""
    state = run(to_step(table, "control", "power_up"), SkipPowerUp(warjack=JACK_2))
    assert board(state).model(JACK_2).focus == 0
    assert refused(state, SkipPowerUp(warjack=JACK_2)) == "power_up.none"


def test_a_warjack_with_a_crippled_cortex_does_not_power_up(table):
    """Mk III core rule (public): a warjack with a crippled cortex cannot gain focus."""
    state = with_model(table, JACK_1, marks=(0, 0, 4, 3, 0, 0))
    state = to_step(state, "control", "power_up")
    assert board(state).model(JACK_1).focus == 0
    assert board(state).model(JACK_2).focus == 1


def test_a_warcaster_allocates_focus_to_warjacks_of_its_battlegroup(table):
    """doc 002, "Game Round": Control, "Warcasters Allocate", after power up."""
    state = to_step(table, "control", "power_up")
    state, events = happened(state, AllocateFocus(warcaster=CAST, warjack=JACK_1, points=2))
    assert board(state).model(JACK_1).focus == 3
    assert board(state).model(CAST).focus == 4
    assert kinds(events) == ["focus.spent", "focus.allocated"]
    assert (state.phase, state.step) == ("control", "allocate")


def test_a_warjack_holds_at_most_three_focus_power_up_included(table):
    """Mk III core rule (public, not in the reference): a warjack never has more than 3 focus points; the
    point of power up counts."""
    state = to_step(table, "control", "power_up")
    assert refused(state, AllocateFocus(warcaster=CAST, warjack=JACK_1, points=3)) == "focus.warjack_cap"
    state = run(state, AllocateFocus(warcaster=CAST, warjack=JACK_1, points=1),
                AllocateFocus(warcaster=CAST, warjack=JACK_1, points=1))
    assert refused(state, AllocateFocus(warcaster=CAST, warjack=JACK_1, points=1)) == "focus.warjack_cap"


def test_allocation_needs_control_range_battlegroup_and_a_working_cortex(table):
    """Mk III core rule (public): allocation only to warjacks of its own battlegroup in its control range;
    none to a crippled cortex; never more focus than the warcaster has."""
    state = to_step(table, "control", "allocate")
    assert refused(state, AllocateFocus(warcaster=CAST, warjack=JACK_1, points=1, in_control=False)) == \
        "focus.out_of_control"
    assert refused(state, AllocateFocus(warcaster=LOCK, warjack=JACK_1, points=1)) == "focus.not_warcaster"
    crippled = with_model(state, JACK_2, marks=(0, 0, 4, 3, 0, 0))
    assert refused(crippled, AllocateFocus(warcaster=CAST, warjack=JACK_2, points=1)) == "focus.cortex"
    poor = with_model(state, CAST, focus=1)
    assert refused(poor, AllocateFocus(warcaster=CAST, warjack=JACK_1, points=2)) == "focus.not_enough"


def test_allocation_belongs_to_the_control_phase(table):
    """doc 002, "Game Round": allocation is a control phase step; it is over once activations begin."""
    state = to_step(table, "activation", "activate")
    assert refused(state, AllocateFocus(warcaster=CAST, warjack=JACK_1, points=1)) == "step.wrong"


def test_warjacks_and_warcasters_spend_focus_to_boost_and_for_additional_attacks(table):
    """Mk III core rule (public): focus buys boosts (once per roll) and additional melee attacks during the
    model's own activation."""
    state = to_step(table, "control", "power_up")
    state = run(state, AllocateFocus(warcaster=CAST, warjack=JACK_1, points=2))
    state = run(activated(state, JACK_1), Boost(model=JACK_1, roll="attack"), BuyAttack(model=JACK_1))
    assert board(state).model(JACK_1).focus == 1
    assert refused(activated(table, CAST), Boost(model=JACK_2, roll="damage")) == "focus.not_activated"
    state = run(activated(table, CAST), Boost(model=CAST, roll="damage"))
    assert board(state).model(CAST).focus == 5


def test_a_warjack_spends_focus_to_run_or_charge(table):
    """Mk III core rule (public): a warjack spends 1 focus to run or charge."""
    empty = with_model(activated(table, JACK_2), JACK_2, focus=0)
    assert refused(empty, Run(model=JACK_2)) == "focus.not_enough"
    state = run(to_step(table, "control", "power_up"),
                AllocateFocus(warcaster=CAST, warjack=JACK_2, points=1))
    state = run(activated(state, JACK_2), Charge(model=JACK_2))
    assert board(state).model(JACK_2).focus == 1


def test_a_crippled_cortex_loses_its_focus_and_cannot_spend_any(table):
    """Mk III core rule (public): a crippled cortex loses all focus and spends none."""
    state = run(to_step(table, "control", "power_up"),
                AllocateFocus(warcaster=CAST, warjack=JACK_1, points=2))
    state, events = happened(state, MarkDamage(model=JACK_1, amount=7, column=3))
    assert board(state).model(JACK_1).marks == (0, 0, 6, 1, 0, 0)
    state, events = happened(state, MarkDamage(model=JACK_1, amount=2, column=4))
    assert board(state).model(JACK_1).focus == 0
    assert "focus.lost" in kinds(events)
    state = with_model(activated(state, JACK_1), JACK_1, focus=1)
    assert refused(state, Boost(model=JACK_1, roll="attack")) == "focus.cortex"


def test_warcasters_cast_and_upkeep_spells_with_focus(table):
    """Mk III core rule (public): a warcaster pays its spells and upkeep with focus."""
    state = run(activated(table, CAST), CastSpell(model=CAST, spell="Arcane Shield", cost=2, upkeep=True))
    assert board(state).model(CAST).focus == 4
    state = to_step(state, "control", "upkeep", seat=0)
    state = run(state, Upkeep(master=CAST, spell="Arcane Shield"))
    assert board(state).model(CAST).focus == 5


def test_horrors_never_power_up_or_hold_focus():
    """doc 000: horrors do not benefit from Power Up; an Infernal battlegroup has no focus at all."""
    from tests.rules.warmachine.game import new_game as infernal_game

    state = to_step(infernal_game(), "control", "allocate")
    assert all(m.focus is None for m in board(state).models)
    assert ("control", "power_up") not in [(p.key, s.key) for p, s in turn_steps(state)]


def test_paying_upkeep_during_allocation_says_first_that_it_ends_allocation(table):
    """doc 002, "Game Round": Control: "Warcasters Allocate", then "Pay for upkeeps" (doc 001 "Shake Effect":
    after allocating). Upkeep sent while focus may still be allocated moves the turn past allocation: its option
    says so (``ends``) before anyone taps it; once it is paid, allocation is over (the rules' order holds).
    Positive control: allocating first closes nothing, and then the warning goes with what is left to allocate.
    (The warcaster is also blind, which it may shake off at the upkeep step: the turn waits there once upkeep is
    paid.)"""
    from models.rules.core import options

    def option(state, action):
        return next(o for o in options(state, CAST) if o.action == action)

    state = with_model(table, CAST, upkeeps=("Arcane Shield",), effects=("blind",))
    assert (state.phase, state.step) == ("control", "allocate")
    upkeep = option(state, "upkeep:Arcane Shield")
    assert upkeep.allowed and upkeep.ends == "Allocate focus to warjacks"
    assert option(state, "allocate_focus").ends == ""
    paid = run(state, upkeep.command)
    assert paid.step == "upkeep"
    assert refused(paid, AllocateFocus(warcaster=CAST, warjack=JACK_1, points=1)) == "step.passed"
    # Allocation first, each warjack full and in range (power up kept): nothing is left, nothing is warned of.
    full = run(state, AllocateFocus(warcaster=CAST, warjack=JACK_1, points=2),
               AllocateFocus(warcaster=CAST, warjack=JACK_2, points=2))
    full = with_model(with_model(full, JACK_1, done_this_turn=()), JACK_2, done_this_turn=())
    assert option(full, "upkeep:Arcane Shield").ends == ""

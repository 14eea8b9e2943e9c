"""Fire and corrosion in the maintenance phase (doc 002 "Game Round": "Resolve Fire and Corrosion"; doc 001
"The Infernal Turn", maintenance step 2)."""

from models.rules.warmachine.continuous import ResolveContinuous
from models.rules.warmachine.match import board
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.shake import AddEffect
from tests.rules.warmachine.other_side.other_side_game import (
    BLITZ,
    CAST,
    JACK_1,
    happened,
    kinds,
    refused,
    roll,
    run,
    to_step,
)


def next_maintenance(state):
    """Cy's next turn at its continuous-effects step (it waits there while an effect is to resolve)."""
    return to_step(state, "maintenance", "continuous", seat=0, round_no=2)


def test_entering_the_step_lists_the_effects_to_resolve(table):
    """doc 002, "Game Round": maintenance, "Resolve Fire and Corrosion": the app reminds the players, and the
    turn waits at the step."""
    state = to_step(run(table, AddEffect(model=CAST, effect="fire")), "activation", "activate", seat=1)
    state, events = happened(state, Advance())
    due = [e for e in events if e.kind == "continuous.due"]
    assert len(due) == 1 and "Commander Test (on fire)" in due[0].text
    assert (state.active, state.phase, state.step) == (0, "maintenance", "continuous")


def test_without_an_effect_the_step_passes_by_itself(table):
    """doc 002, "Game Round": with nothing on fire or corroded there is nothing to resolve: the step is logged
    as passed and the turn goes on."""
    state = to_step(table, "activation", "activate", seat=1)
    state, events = happened(state, Advance())
    assert "Maintenance: Continuous effects: fire and corrosion: nothing to decide." in [e.text for e in events]
    assert state.step != "continuous"


def test_an_expiring_effect_is_removed(table):
    """doc 001, maintenance step 2: check whether continuous effects expire; the players roll, the app
    records the roll (the corrosion on the Charger still waits, so the turn stays at the step)."""
    state = next_maintenance(run(table, AddEffect(model=CAST, effect="fire"), AddEffect(model=JACK_1,
                                                                                     effect="corrosion")))
    state, events = happened(state, ResolveContinuous(model=CAST, effect="fire", expires=True, roll=roll(2)))
    assert board(state).model(CAST).effects == ()
    assert kinds(events) == ["continuous.expired"]
    assert events[-1].data["dice"] == [2]
    assert (state.phase, state.step) == ("maintenance", "continuous")


def test_a_remaining_effect_deals_its_damage(table):
    """doc 001, maintenance step 2: effects that stay are resolved: the damage the players rolled is marked
    (a grid needs its column)."""
    state = next_maintenance(run(table, AddEffect(model=JACK_1, effect="corrosion")))
    assert refused(state, ResolveContinuous(model=JACK_1, effect="corrosion", expires=False, damage=2)) == \
        "damage.column_needed"
    state, events = happened(state, ResolveContinuous(model=JACK_1, effect="corrosion", expires=False,
                                                      damage=2, column=2, roll=roll(5)))
    assert board(state).model(JACK_1).marks == (0, 2, 0, 0, 0, 0)
    assert board(state).model(JACK_1).effects == ("corrosion",)
    assert kinds(events)[:2] == ["continuous.stays", "damage.marked"]


def test_each_effect_is_resolved_once_per_turn(table):
    """doc 002, "Game Round": fire and corrosion are resolved once, in the maintenance phase (the corrosion on
    the Charger still waits, so the turn stays at the step)."""
    state = run(next_maintenance(run(table, AddEffect(model=CAST, effect="fire"),
                                     AddEffect(model=JACK_1, effect="corrosion"))),
                ResolveContinuous(model=CAST, effect="fire", expires=False, damage=0))
    assert refused(state, ResolveContinuous(model=CAST, effect="fire", expires=False, damage=1)) == \
        "continuous.done"


def test_the_players_say_what_happened(table):
    """doc 002, "Game Round": the players roll; an effect that stays needs its damage (0 is allowed), one
    that expires deals none, and only effects the model has are resolved."""
    state = next_maintenance(run(table, AddEffect(model=CAST, effect="fire")))
    assert refused(state, ResolveContinuous(model=CAST, effect="fire", expires=False)) == \
        "continuous.damage_needed"
    assert refused(state, ResolveContinuous(model=CAST, effect="fire", expires=True, damage=3)) == \
        "continuous.expired"
    assert refused(state, ResolveContinuous(model=CAST, effect="corrosion", expires=True)) == \
        "continuous.absent"


def test_only_the_active_players_effects_in_the_maintenance_phase(table):
    """doc 001, maintenance step 2: the effects on models you control, in your maintenance phase."""
    state = next_maintenance(run(table, AddEffect(model=BLITZ, effect="fire"), AddEffect(model=CAST, effect="fire")))
    assert refused(state, ResolveContinuous(model=BLITZ, effect="fire", expires=True)) == "turn.not_yours"
    later = to_step(run(table, AddEffect(model=CAST, effect="fire")), "control", "replenish")
    assert refused(later, ResolveContinuous(model=CAST, effect="fire", expires=True)) == "step.wrong"


def test_the_turn_does_not_leave_the_step_until_each_effect_is_resolved(table):
    """doc 001, "The Infernal Turn", maintenance step 2 (doc 002, "Game Round": "Resolve Fire and Corrosion"):
    resolving is not optional. Next is refused while an effect waits; nothing ends or burns without the players
    saying so."""
    state = next_maintenance(run(table, AddEffect(model=CAST, effect="fire"), AddEffect(model=JACK_1,
                                                                                     effect="corrosion")))
    assert refused(state, Advance()) == "continuous.pending"
    state = run(state, ResolveContinuous(model=CAST, effect="fire", expires=True))
    assert refused(state, Advance()) == "continuous.pending"
    assert board(state).model(JACK_1).effects == ("corrosion",)


def test_once_each_effect_is_resolved_the_turn_moves_on(table):
    """doc 001, maintenance step 2 (positive control of the refusal above): expired or dealt, the step is done,
    and with nothing more to decide there the turn moves on by itself, logged."""
    state = next_maintenance(run(table, AddEffect(model=CAST, effect="fire"), AddEffect(model=JACK_1,
                                                                                     effect="corrosion")))
    state = run(state, ResolveContinuous(model=CAST, effect="fire", expires=True))
    state, events = happened(state, ResolveContinuous(model=JACK_1, effect="corrosion", expires=False, damage=0))
    assert state.phase == "control"
    assert "Maintenance: Continuous effects: fire and corrosion: nothing more to decide." in [e.text for e in events]

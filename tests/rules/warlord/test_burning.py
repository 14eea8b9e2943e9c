"""doc 003 "Burning": 1 damage at the end of each action, putting the fire out, the note on activations with
fewer than two actions, and Flame Attack."""

from models.rules import GameState
from models.rules.warlord.activation import WarlordAction, WarlordActivate, WarlordEndActivation
from tests.rules.warlord.game import GOLEM, ORC, activation, events, fig, given, refused, run


def test_burning_model_takes_1_damage_at_the_end_of_each_action(game: GameState) -> None:
    """doc 003 "Burning": 1 point of damage at the end of each of its actions."""
    state = activation(given(game, GOLEM, "burning"), GOLEM, "move", end=False)
    assert fig(state, GOLEM).damage == 1
    state = run(state, WarlordAction(model=GOLEM, action="combat"))
    assert fig(state, GOLEM).damage == 2


def test_extinguishing_removes_burning_without_damage(game: GameState) -> None:
    """doc 003 "Burning": a specialty action puts the fire out, and that action deals no burning damage."""
    state = activation(given(game, GOLEM, "burning"), GOLEM, "extinguish", end=False)
    assert not fig(state, GOLEM).has("burning") and fig(state, GOLEM).damage == 0


def test_first_action_extinguishing_means_no_burning_damage_at_all(game: GameState) -> None:
    """doc 003 "Burning": the first action puts the fire out, the second one is taken without fire."""
    state = activation(given(game, GOLEM, "burning"), GOLEM, "extinguish", "move")
    assert fig(state, GOLEM).damage == 0


def test_extinguishing_with_the_second_action_costs_only_the_first(game: GameState) -> None:
    """doc 003 "Burning": damage after the first action, none after the one that puts the fire out."""
    state = activation(given(game, GOLEM, "burning"), GOLEM, "move", "extinguish")
    assert fig(state, GOLEM).damage == 1


def test_extinguish_needs_a_fire(game: GameState) -> None:
    """doc 003 "Burning": only a Burning model has flames to put out."""
    state = run(game, WarlordActivate(model=GOLEM))
    refused(state, WarlordAction(model=GOLEM, action="extinguish"), "extinguish.not_burning")


def test_burning_activation_with_fewer_than_two_actions_costs_one_per_missing_action(game: GameState) -> None:
    """doc 003 "Burning", note: 1 damage for each action it did not take."""
    state = run(given(game, GOLEM, "burning"), WarlordActivate(model=GOLEM))
    state, happened = events(state, WarlordEndActivation(model=GOLEM))
    assert fig(state, GOLEM).damage == 2
    assert "2 actions not taken" in happened[0].text


def test_burning_one_action_then_end_costs_two(game: GameState) -> None:
    """doc 003 "Burning": 1 after its action and 1 for the action it left out."""
    state = activation(given(game, GOLEM, "burning"), GOLEM, "move")
    assert fig(state, GOLEM).damage == 2


def test_burning_damage_gives_flame_attack_until_extinguished(game: GameState) -> None:
    """doc 003 "Burning": a model that has taken burning damage has the Flame Attack SA until the fire is out."""
    state = given(game, GOLEM, "burning")
    assert not fig(state, GOLEM).condition("burning").flame
    state = activation(state, GOLEM, "move", end=False)
    assert fig(state, GOLEM).condition("burning").flame
    state = run(state, WarlordAction(model=GOLEM, action="extinguish"))
    assert not fig(state, GOLEM).has("burning")


def test_burning_damage_can_put_a_model_out_of_action(game: GameState) -> None:
    """doc 003 "Burning" with our reading: at 0 damage tracks the model is out of action, its states gone."""
    state = run(given(game, ORC, "burning"), WarlordActivate(model=ORC))
    state, happened = events(state, WarlordEndActivation(model=ORC))
    orc = fig(state, ORC)
    assert orc.out_of_action and orc.conditions == () and orc.activation == "done"
    assert happened[-1].text == "Orc is out of action."

"""doc 003 "Disabled", "Held" and "Stunned": states that concern the model's next activation."""

from models.rules import GameState
from models.rules.warlord.activation import WarlordAction, WarlordActivate, WarlordEndActivation
from models.rules.warlord.conditions import chips
from models.rules.warlord.damage import WarlordDamage
from models.rules.warlord.end_phase import WarlordEndTurn, WarlordNextTurn
from tests.rules.warlord.game import GOLEM, KNIGHT, ORC, activation, events, fig, given, refused, run


def test_disabled_ends_at_the_end_of_its_next_activation(game: GameState) -> None:
    """doc 003 "Disabled": -1 MA / -1 RA until the end of its next activation."""
    state = activation(given(game, ORC, "disabled"), ORC, "move", end=False)
    assert fig(state, ORC).has("disabled")
    state, happened = events(state, WarlordEndActivation(model=ORC))
    assert not fig(state, ORC).has("disabled")
    assert happened[-1].text == "Orc is no longer Disabled."


def test_disabled_during_its_own_activation_lasts_through_the_next_one(game: GameState) -> None:
    """doc 003 "Disabled": disabled while activated, the model's next activation is the following one."""
    state = given(run(game, WarlordActivate(model=ORC)), ORC, "disabled")
    state = run(state, WarlordEndActivation(model=ORC), WarlordEndTurn(), WarlordNextTurn())
    assert fig(state, ORC).has("disabled")
    state = activation(state, ORC, "move")
    assert not fig(state, ORC).has("disabled")


def test_disabled_chip_says_minus_one_ma_and_ra(game: GameState) -> None:
    """doc 003 "Disabled": -1 MA and -1 RA, always at least one defensive strike or shot."""
    ((_, label, text),) = chips(fig(given(game, ORC, "disabled"), ORC))
    assert label == "Disabled" and "-1 MA and -1 RA" in text and "at least one defensive" in text


def test_held_model_may_not_move_charge_or_run_in_its_next_activation(game: GameState) -> None:
    """doc 003 "Held": no Move, Charge or Run actions in its next activation."""
    state = run(given(game, ORC, "held"), WarlordActivate(model=ORC))
    for action in ("move", "charge", "run"):
        refused(state, WarlordAction(model=ORC, action=action), "held.no_move")
    state = run(state, WarlordAction(model=ORC, action="combat"))
    assert fig(state, ORC).actions == ("combat",)


def test_held_ends_with_that_activation(game: GameState) -> None:
    """doc 003 "Held": only the next activation is held; the one after moves freely."""
    state = activation(given(game, ORC, "held"), ORC, "combat")
    assert not fig(state, ORC).has("held")
    state = activation(run(state, WarlordEndTurn(), WarlordNextTurn()), ORC, "run")
    assert fig(state, ORC).actions == ("run",)


def test_stunned_model_takes_only_one_action_in_its_next_activation(game: GameState) -> None:
    """doc 003 "Stunned": a single action in its next activation."""
    state = activation(given(game, GOLEM, "stunned"), GOLEM, "move", end=False)
    refused(state, WarlordAction(model=GOLEM, action="combat"), "stunned.one_action")


def test_stunned_ends_after_that_activation(game: GameState) -> None:
    """doc 003 "Stunned": after the single-action activation the model is no longer Stunned."""
    state = activation(given(game, GOLEM, "stunned"), GOLEM, "move")
    assert not fig(state, GOLEM).has("stunned")


def test_damage_before_its_next_activation_ends_stunned(game: GameState) -> None:
    """doc 003 "Stunned": any damage taken before its next activation ends the stun."""
    state, happened = events(given(game, GOLEM, "stunned"), WarlordDamage(model=GOLEM))
    assert not fig(state, GOLEM).has("stunned")
    assert happened[-1].text == "Golem took damage: no longer Stunned."


def test_damage_during_the_stunned_activation_keeps_the_one_action_limit(game: GameState) -> None:
    """doc 003 "Stunned": once its next activation has begun, damage no longer ends the stun early."""
    state = run(given(game, GOLEM, "stunned"), WarlordActivate(model=GOLEM), WarlordDamage(model=GOLEM))
    assert fig(state, GOLEM).has("stunned")


def test_stunned_chip_says_no_defensive_combat(game: GameState) -> None:
    """doc 003 "Stunned": no Defensive Strikes, Defensive Shots or Counterspell."""
    ((_, _, text),) = chips(fig(given(game, KNIGHT, "stunned"), KNIGHT))
    assert "No defensive strikes, defensive shots or counterspells" in text


def test_a_model_takes_at_most_two_actions(game: GameState) -> None:
    """doc 003 "Burning", note: an activation has two actions."""
    state = activation(game, KNIGHT, "move", "combat", end=False)
    refused(state, WarlordAction(model=KNIGHT, action="other"), "action.limit")

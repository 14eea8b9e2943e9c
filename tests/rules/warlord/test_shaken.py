"""doc 003 "Shaken": +2 to attacks against it, a specialty action to shake it off, and who is immune."""

import pytest

from models.rules import GameState
from models.rules.warlord.activation import WarlordAction, WarlordActivate
from models.rules.warlord.conditions import chips
from models.rules.warlord.model_states import WarlordAddState
from tests.rules.warlord.game import GOLEM, KNIGHT, PALADIN, ZOMBIE, activation, fig, given, refused, run


def test_shaken_chip_shows_plus_2_to_attacks_against_it(game: GameState) -> None:
    """doc 003 "Shaken": attacks against it get +2 MAV, RAV or CP."""
    ((_, _, text),) = chips(fig(given(game, KNIGHT, "shaken"), KNIGHT))
    assert "+2 to MAV, RAV or CP" in text


def test_specialty_action_removes_shaken(game: GameState) -> None:
    """doc 003 "Shaken": a specialty action during its activation removes it."""
    state = activation(given(game, KNIGHT, "shaken"), KNIGHT, "shake_off", end=False)
    assert not fig(state, KNIGHT).has("shaken")


def test_shake_off_needs_a_shaken_model(game: GameState) -> None:
    """doc 003 "Shaken": there is nothing to shake off otherwise."""
    refused(run(game, WarlordActivate(model=KNIGHT)), WarlordAction(model=KNIGHT, action="shake_off"),
            "shake.not_shaken")


@pytest.mark.parametrize(("model", "ability"), [(PALADIN, "Fearless"), (ZOMBIE, "Mindless"),
                                                 (GOLEM, "Construct")])
def test_fearless_mindless_and_construct_cannot_be_shaken(game: GameState, model: str, ability: str) -> None:
    """doc 003 "Shaken": Fearless, Mindless and Construct models are immune."""
    refusal = refused(game, WarlordAddState(model=model, state="shaken"), "state.immune")
    assert ability in refusal.message

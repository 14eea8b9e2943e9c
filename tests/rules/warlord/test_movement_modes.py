"""doc 003 "Burrowed" and "Flying": movement modes the players put on and take off."""

from models.rules import GameState
from models.rules.warlord.conditions import chips
from models.rules.warlord.model_states import WarlordAddState, WarlordRemoveState
from tests.rules.warlord.game import ORC, fig, given, refused, run


def test_burrowed_model_shows_its_underground_reminders(game: GameState) -> None:
    """doc 003 "Burrowed": Special MOV, no terrain penalties, melee only with burrowed models."""
    state = given(game, ORC, "burrowed")
    ((name, label, text),) = chips(fig(state, ORC))
    assert (name, label) == ("burrowed", "Burrowed")
    assert "Special MOV" in text and "surfaces" in text


def test_flying_model_shows_the_ranged_penalty_from_the_ground(game: GameState) -> None:
    """doc 003 "Flying": no ranged attacks while flying; ranged attacks from the ground take -1."""
    ((_, _, text),) = chips(fig(given(game, ORC, "flying"), ORC))
    assert "-1" in text and "Swift Attack" in text


def test_burrowed_model_cannot_also_be_flying(game: GameState) -> None:
    """doc 003 "Burrowed" / "Flying", our reading: underground and in the air exclude each other."""
    refused(given(game, ORC, "burrowed"), WarlordAddState(model=ORC, state="flying"), "state.burrowed_flying")


def test_flying_model_cannot_also_be_burrowed(game: GameState) -> None:
    """doc 003 "Flying" / "Burrowed", our reading: land first, then burrow."""
    state = given(game, ORC, "flying")
    refused(state, WarlordAddState(model=ORC, state="burrowed"), "state.burrowed_flying")
    state = run(state, WarlordRemoveState(model=ORC, state="flying"), WarlordAddState(model=ORC, state="burrowed"))
    assert fig(state, ORC).has("burrowed")


def test_removing_a_state_the_model_does_not_have_is_refused(game: GameState) -> None:
    """doc 003 "Flying": only a flying model can land."""
    refused(game, WarlordRemoveState(model=ORC, state="flying"), "state.absent")

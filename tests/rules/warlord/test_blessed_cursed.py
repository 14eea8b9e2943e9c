"""doc 003 "Blessed" and "Cursed": +1 / -1 to all die rolls, their durations, and how they cancel each other."""

from models.rules import GameState
from models.rules.warlord.activation import WarlordAction
from models.rules.warlord.end_phase import WarlordEndTurn, WarlordNextTurn
from models.rules.warlord.model_states import WarlordAddState
from tests.rules.warlord.game import KNIGHT, activation, events, fig, given, refused, run


def test_blessed_lasts_until_its_next_combat_action_ends(game: GameState) -> None:
    """doc 003 "Blessed": the bonus holds until the end of the model's next Combat Action."""
    state = given(game, KNIGHT, "blessed")
    state = activation(state, KNIGHT, "move", end=False)
    assert fig(state, KNIGHT).has("blessed")
    state, happened = events(state, WarlordAction(model=KNIGHT, action="combat"))
    assert not fig(state, KNIGHT).has("blessed")
    assert any("blessing is spent" in e.text for e in happened)


def test_blessed_survives_activations_without_combat(game: GameState) -> None:
    """doc 003 "Blessed": only a Combat Action spends the blessing, not other actions or turns."""
    state = activation(given(game, KNIGHT, "blessed"), KNIGHT, "move", "run")
    state = run(state, WarlordEndTurn(), WarlordNextTurn())
    assert fig(state, KNIGHT).has("blessed")


def test_blessed_cancels_cursed(game: GameState) -> None:
    """doc 003 "Blessed": a Cursed model that becomes Blessed loses both."""
    state = given(game, KNIGHT, "cursed")
    state, happened = events(state, WarlordAddState(model=KNIGHT, state="blessed"))
    assert not fig(state, KNIGHT).has("blessed") and not fig(state, KNIGHT).has("cursed")
    assert happened[0].kind == "warlord.cancel"


def test_cursed_cancels_blessed(game: GameState) -> None:
    """doc 003 "Cursed": a Blessed model that becomes Cursed loses both."""
    state = run(given(game, KNIGHT, "blessed"), WarlordAddState(model=KNIGHT, state="cursed"))
    assert fig(state, KNIGHT).conditions == ()


def test_cursed_ends_at_the_end_of_the_next_game_turn(game: GameState) -> None:
    """doc 003 "Cursed": cursed in game turn 1, it lasts through game turn 2 (our reading of "the next Game
    Turn") and ends when game turn 2 ends."""
    state = given(game, KNIGHT, "cursed")
    assert fig(state, KNIGHT).condition("cursed").until_turn == 2
    state = run(state, WarlordEndTurn(), WarlordNextTurn())
    assert state.round == 2 and fig(state, KNIGHT).has("cursed")
    state, happened = events(run(state, WarlordEndTurn()), WarlordNextTurn())
    assert not fig(state, KNIGHT).has("cursed")
    assert any(e.text == "Knight is no longer Cursed." for e in happened)


def test_cursed_again_starts_its_duration_over(game: GameState) -> None:
    """doc 003 "Cursed": becoming Cursed again in game turn 2 makes it last to the end of game turn 3."""
    state = run(given(game, KNIGHT, "cursed"), WarlordEndTurn(), WarlordNextTurn())
    state = given(state, KNIGHT, "cursed")
    assert fig(state, KNIGHT).condition("cursed").until_turn == 3


def test_blessed_twice_is_refused(game: GameState) -> None:
    """doc 003 "Blessed": a Blessed model cannot be Blessed again (nothing would change)."""
    refused(given(game, KNIGHT, "blessed"), WarlordAddState(model=KNIGHT, state="blessed"), "state.already")

"""doc 003 "Poisoned": the end phase check (10+, +1 per damage track left, +Tough), healing, immunities."""

import pytest

from models.rules import GameState
from models.rules.warlord.damage import WarlordDamage, WarlordHeal
from models.rules.warlord.end_phase import WarlordEndTurn, WarlordNextTurn, WarlordPoisonCheck
from models.rules.warlord.model_states import WarlordAddState
from tests.rules.warlord.game import GHOST, GOLEM, KNIGHT, ORC, SKELETON, events, fig, given, refused, run


def test_poison_check_passes_at_10_with_tracks_and_tough(game: GameState) -> None:
    """doc 003 "Poisoned": the Knight (3 DT left, Tough 1) passes with a 6: 6 + 3 + 1 = 10."""
    state = run(given(game, KNIGHT, "poisoned"), WarlordEndTurn())
    state, happened = events(state, WarlordPoisonCheck(model=KNIGHT, die=6))
    assert happened[0].data == {"die": 6, "total": 10, "passed": True}
    assert fig(state, KNIGHT).damage == 0


def test_failed_poison_check_costs_1_damage(game: GameState) -> None:
    """doc 003 "Poisoned": a roll of 5 for the Knight makes 9, a miss: 1 damage."""
    state = run(given(game, KNIGHT, "poisoned"), WarlordEndTurn())
    state, happened = events(state, WarlordPoisonCheck(model=KNIGHT, die=5))
    assert not happened[0].data["passed"]
    assert fig(state, KNIGHT).damage == 1


@pytest.mark.parametrize("die", [1, 9])
def test_poison_goes_whether_the_check_passes_or_fails(game: GameState, die: int) -> None:
    """doc 003 "Poisoned": pass or fail, the model is no longer Poisoned."""
    state = run(given(game, ORC, "poisoned"), WarlordEndTurn(), WarlordPoisonCheck(model=ORC, die=die))
    assert not fig(state, ORC).has("poisoned")


def test_poison_bonus_counts_remaining_tracks_only(game: GameState) -> None:
    """doc 003 "Poisoned": +1 for each damage track it still has (the Orc has 1 of 2 left)."""
    state = run(given(game, ORC, "poisoned"), WarlordDamage(model=ORC), WarlordEndTurn())
    state, happened = events(state, WarlordPoisonCheck(model=ORC, die=9))
    assert happened[0].data["total"] == 10


def test_blessed_and_cursed_change_the_poison_roll(game: GameState) -> None:
    """doc 003 "Blessed" / "Cursed": +1 / -1 to all die rolls, the poison check too."""
    blessed = run(given(game, ORC, "poisoned", "blessed"), WarlordEndTurn())
    _, happened = events(blessed, WarlordPoisonCheck(model=ORC, die=7))
    assert happened[0].data["total"] == 10
    cursed = run(given(game, ORC, "poisoned", "cursed"), WarlordEndTurn())
    _, happened = events(cursed, WarlordPoisonCheck(model=ORC, die=7))
    assert happened[0].data["total"] == 8


def test_next_game_turn_waits_for_every_poison_check(game: GameState) -> None:
    """doc 003 "Poisoned": each poisoned model rolls in the end phase."""
    state = run(given(game, ORC, "poisoned"), WarlordEndTurn())
    refused(state, WarlordNextTurn(), "poison.pending")
    state = run(state, WarlordPoisonCheck(model=ORC, die=9), WarlordNextTurn())
    assert state.round == 2


def test_poison_check_belongs_to_the_end_phase(game: GameState) -> None:
    """doc 003 "Poisoned": the check is made during the end phase."""
    refused(given(game, ORC, "poisoned"), WarlordPoisonCheck(model=ORC, die=9), "step.wrong")


def test_poison_check_needs_a_poisoned_model(game: GameState) -> None:
    """doc 003 "Poisoned": only poisoned models roll."""
    refused(run(game, WarlordEndTurn()), WarlordPoisonCheck(model=ORC, die=9), "poison.not_poisoned")


def test_healing_cures_poison(game: GameState) -> None:
    """doc 003 "Poisoned": a model that is successfully healed is no longer Poisoned."""
    state = run(given(game, ORC, "poisoned"), WarlordDamage(model=ORC), WarlordHeal(model=ORC))
    assert not fig(state, ORC).has("poisoned") and fig(state, ORC).damage == 0


def test_healing_cures_poison_on_a_model_without_damage(game: GameState) -> None:
    """doc 003 "Poisoned": the heal succeeds (it cures) even when no track is missing."""
    state = run(given(game, ORC, "poisoned"), WarlordHeal(model=ORC))
    assert not fig(state, ORC).has("poisoned")


@pytest.mark.parametrize(("model", "ability"), [(GOLEM, "Construct"), (SKELETON, "Undead"),
                                                 (GHOST, "Non-Corporeal")])
def test_construct_undead_and_non_corporeal_cannot_be_poisoned(game: GameState, model: str, ability: str) -> None:
    """doc 003 "Poisoned": Construct, Undead and Non-Corporeal models are immune."""
    refusal = refused(game, WarlordAddState(model=model, state="poisoned"), "state.immune")
    assert ability in refusal.message

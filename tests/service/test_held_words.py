"""A model's tile names what it holds (models/service/views/warmachine.py ``held_words``): essence, focus or fury
against its stat, or nothing for a model that holds none."""

from models.rules.warmachine.match import board
from models.service.views.warmachine import held_words
from tests.rules.warmachine.game import AGATHON
from tests.rules.warmachine.game import new_game as infernal_game
from tests.rules.warmachine.other_side.other_side_game import BLITZ, BLOCK, new_game, with_model


def test_a_tile_says_what_its_model_holds_or_nothing() -> None:
    infernal = with_model(infernal_game(), AGATHON, essence=3)
    assert held_words(infernal, board(infernal).model(AGATHON)).startswith("Essence 3 / ")
    state = with_model(new_game(), BLITZ, fury=2)
    assert held_words(state, board(state).model(BLITZ)) == "Fury 2 / 4"
    assert held_words(state, board(state).model(BLOCK)) == ""

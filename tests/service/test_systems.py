"""Game systems are declared once (models/service/systems.py) and looked up by the name a game carries: an
unknown name is refused in words, never played as some default system."""

import pytest

from models.service.systems import SYSTEMS, UnknownSystem, game_system


def test_each_game_system_is_found_under_the_name_its_games_carry():
    assert set(SYSTEMS) == {"warmachine", "warlord", "warband"}
    for name, system in SYSTEMS.items():
        assert game_system(name) is system and system.name == name


def test_an_unknown_game_system_is_an_error_that_names_it_not_warmachine():
    with pytest.raises(UnknownSystem) as refused:
        game_system("chess")
    assert "'chess'" in str(refused.value) and "warlord" in str(refused.value)


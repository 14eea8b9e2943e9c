"""Each game system's table page is looked up by the system a game carries (webapp/pages/table.py), and the three
places a system is declared (the rules', the service's and the table pages') name the same systems."""

import pytest

from models.rules.systems import SYSTEMS as RULE_SYSTEMS
from models.service.systems import SYSTEMS, UnknownSystem
from webapp.pages.table import TABLES, table_for


def test_every_game_system_has_a_table_page_and_no_other_has_one():
    assert set(TABLES) == set(SYSTEMS) == set(RULE_SYSTEMS) == {"warmachine", "warlord", "warband"}
    assert all(table_for(name) is TABLES[name] for name in SYSTEMS)


def test_a_game_of_an_unknown_system_gets_no_table_page_of_another():
    with pytest.raises(UnknownSystem, match="'chess'"):
        table_for("chess")

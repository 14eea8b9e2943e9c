"""Text typed into page forms (titles, names) reaches the database as one tidy line without control characters.

A NUL typed into a title was a server error on PostgreSQL (its text columns refuse it) while SQLite stored it.
Pages send their forms as commands, not through the API's body guard, so every system's setup and the list
service tidy text with the one helper, models/rules/text.py. On SQLite and, with TEST_DATABASE_URL, PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session, select

from models.db.engine import make_engine, migrate
from models.db.tables import ArmyList, Game
from models.rules.text import tidy
from models.rules.warmachine.builders import setup_game
from models.rules.warmachine.setup import ArmyEntry
from models.service import GameService
from models.service.lists import ListService
from tests.rules.warband.game import setup_command as warband_setup
from tests.rules.warlord.game import setup_command as warlord_setup
from tests.service.test_lists import AGATHON_LIST

NUL = "\x00"
ARMY = [ArmyEntry(card="agathon")]


def stored_titles(service: GameService, table: type[Game] | type[ArmyList]) -> list[str]:
    with Session(service.repo.engine) as s:
        return [row.title for row in s.exec(select(table)).all()]


def test_typed_text_keeps_printable_characters_on_one_line() -> None:
    assert tidy(f"Fri{NUL}day\t night\n\x1b ok \ud800") == "Friday night ok"
    assert tidy("  Élodie   & Björn  ") == "Élodie & Björn"
    assert tidy(None) == ""


def test_a_nul_typed_into_a_title_or_name_never_reaches_the_database(
        new_service: Callable[[], GameService]) -> None:
    service = new_service()
    created = service.start(setup_game(f"Friday{NUL} game", [(f"A{NUL}nn", ARMY), ("Bob", ARMY)]))
    warlord = service.start(warlord_setup().model_copy(update={"title": f"Crypt{NUL} raid"}))
    warband = service.start(warband_setup().model_copy(update={"title": f"Ruins{NUL} at dusk"}))
    assert service.state(created.game_id)[1].players[0].name == "Ann"
    assert sorted(stored_titles(service, Game)) == ["Crypt raid", "Friday game", "Ruins at dusk"]
    assert {service.state(g.game_id)[1].title for g in (warlord, warband)} == {"Crypt raid", "Ruins at dusk"}
    lists = ListService(service.repo.engine, service)
    lists.save("browser", AGATHON_LIST.model_copy(update={"title": f"Ago{NUL}thon"}))
    assert stored_titles(service, ArmyList) == ["Agothon"]


@pytest.mark.pg
def test_positive_control_postgresql_refuses_an_untidied_nul(pg_url: str) -> None:
    """Without the helper the NUL would reach PostgreSQL, which refuses it (the 500 this guards against)."""
    engine = make_engine(pg_url)
    migrate(engine)
    try:
        with pytest.raises((DBAPIError, ValueError)), Session(engine) as s:
            s.add(Game(id="x", system="warmachine", title=f"Friday{NUL} game"))
            s.commit()
    finally:
        engine.dispose()

"""Fixtures for the NiceGUI `user` tests: each test gets the real app (webapp/main.py, run by the `user` fixture)
on a SQLite file of its own.

`app_database` is autouse and depends on nothing of NiceGUI's, so pytest sets DATABASE_URL before the `user`
fixture runs main.py (whose main() reads Settings.from_env()).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from nicegui.testing import User

from models.service import Created
from tests.conftest import migrated_sqlite
from tests.webapp.helpers import new_game


@pytest.fixture(autouse=True)
def app_database(tmp_path: Path, sqlite_template: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The app's database: a copy of the run's migrated one (the app's own migration at start-up is then a check)."""
    url = migrated_sqlite(sqlite_template, tmp_path / "tablekeeper.db")
    monkeypatch.setenv("DATABASE_URL", url)
    return url


@pytest.fixture
def game(user: User) -> Created:
    """The standard game (Ann: Agathon, Guardian of Souls, Foreboder with its web still blank; Bob: Princess
    Regna and a Foreboder), created through the running app's GameService."""
    return new_game()

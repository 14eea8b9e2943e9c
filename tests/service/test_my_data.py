"""MyData (models/service/my_data.py): an account's games with their links, and moving a browser's lists, card
book and game links into an account. On SQLite and, with TEST_DATABASE_URL, on PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from models.catalog.schema import BoxesLayout, Card
from models.db.engine import make_engine, migrate
from models.rules.warmachine.builders import setup_game
from models.rules.warmachine.list_model import Army, ListEntry
from models.rules.warmachine.setup import ArmyEntry
from models.service import Created, GameService, NotFound
from models.service.accounts import AccountService, Me
from models.service.errors import SiteError
from models.service.lists import LISTS_PER_OWNER, ListService
from models.service.my_data import MyData

BROWSER = "browser-1"
CULT = Army(title="Cult", size=50, entries=(ListEntry(card="agathon"), ListEntry(card="tormentor", battlegroup_of=0)))
ARMIES = [("Ana", [ArmyEntry(card="agathon")]), ("Bob", [ArmyEntry(card="princess-regna")])]


def solo(key: str = "my-solo", boxes: int = 5) -> dict:
    return Card(key=key, name=key.replace("-", " ").title(), faction="Infernals", role="solo", cost=3,
                damage=BoxesLayout(boxes=boxes)).model_dump(mode="json", exclude_none=True)


@pytest.fixture
def data(db_url: str) -> Iterator[MyData]:
    engine = make_engine(db_url)
    migrate(engine)
    yield MyData(engine, GameService(engine))
    engine.dispose()


def account(data: MyData, name: str) -> Me:
    me, _ = AccountService(data.games.repo.engine).sign_up(f"{name}@example.org", "correct horse battery", name)
    return me


def game(data: MyData, title: str = "Friday") -> Created:
    return data.games.start(setup_game(title, ARMIES))


def links(created: Created, title: str = "Friday") -> dict:
    return {"title": title, **created.tokens}


def test_a_kept_game_shows_its_progress_and_only_the_links_that_open_it(data: MyData) -> None:
    ana, friday, other = account(data, "Ana"), game(data), game(data, "Other")
    forged = {**links(friday), "seat2": other.tokens["seat2"], "watch": friday.tokens["table"]}
    assert data.keep_game(ana, friday.game_id, forged)
    [mine] = data.my_games(ana)
    assert mine.links == {"table": friday.tokens["table"], "seat1": friday.tokens["seat1"]}
    assert mine.title == "Friday" and mine.system == "warmachine" and not mine.finished
    assert mine.progress in ("setting up", "round 1")
    assert not data.keep_game(ana, friday.game_id, links(friday))  # kept once


def test_a_game_is_kept_only_with_a_link_that_opens_it(data: MyData) -> None:
    ana, friday, other = account(data, "Ana"), game(data), game(data, "Other")
    with pytest.raises(NotFound):
        data.keep_game(ana, friday.game_id, links(other))
    assert data.my_games(ana) == []
    assert data.keep_game(ana, friday.game_id, {"watch": friday.tokens["watch"]})  # the positive control


def test_an_accounts_games_are_its_own(data: MyData) -> None:
    ana, bob, friday = account(data, "Ana"), account(data, "Bob"), game(data)
    data.keep_game(ana, friday.game_id, links(friday))
    assert [g.game_id for g in data.my_games(ana)] == [friday.game_id]
    assert data.my_games(bob) == [] and data.links_of(bob, friday.game_id) is None
    assert data.links_of(ana, friday.game_id) == links(friday)


def test_moving_in_brings_the_browsers_lists_cards_and_games(data: MyData) -> None:
    ana, friday = account(data, "Ana"), game(data)
    lists = ListService(data.games.repo.engine, data.games)
    lists.save(BROWSER, CULT)
    browser_cards, browser_games = {"my-solo": solo()}, {friday.game_id: links(friday), "gone": {"watch": "x"}}
    moving = data.moving(ana, BROWSER, browser_cards, browser_games)
    assert (moving.lists, moving.cards, moving.games) == (1, ["My Solo"], [friday.game_id])
    moved = data.move_in(ana, BROWSER, browser_cards, browser_games)
    assert (moved.lists, moved.cards, moved.games, moved.clashes) == (1, 1, 1, [])
    assert lists.lists(BROWSER) == [] and [s.title for s in lists.lists(ana.owner)] == ["Cult"]
    assert list(data.cards(ana).book()) == ["my-solo"]
    assert [g.game_id for g in data.my_games(ana)] == [friday.game_id]
    assert not data.moving(ana, BROWSER, browser_cards, browser_games).anything  # nothing left to move


def test_a_card_the_account_has_its_own_version_of_keeps_the_accounts(data: MyData) -> None:
    ana = account(data, "Ana")
    data.cards(ana).save([solo(boxes=5)])
    moved = data.move_in(ana, BROWSER, {"my-solo": solo(boxes=8), "other": solo("other")}, {})
    assert moved.clashes == ["My Solo"] and moved.cards == 1
    book = data.cards(ana).book()
    assert book["my-solo"].damage.boxes == 5 and "other" in book  # type: ignore[union-attr]


def test_a_broken_browser_card_is_left_out_of_the_move(data: MyData) -> None:
    ana = account(data, "Ana")
    moved = data.move_in(ana, BROWSER, {"bad": {"key": "bad"}, "my-solo": solo()}, {})
    assert moved.cards == 1 and list(data.cards(ana).book()) == ["my-solo"]


def test_a_move_that_would_overfill_the_account_moves_nothing(data: MyData, monkeypatch: pytest.MonkeyPatch) -> None:
    ana, friday = account(data, "Ana"), game(data)
    lists = ListService(data.games.repo.engine, data.games)
    lists.save(ana.owner, CULT)
    lists.save(BROWSER, CULT)
    monkeypatch.setattr("models.service.my_data.LISTS_PER_OWNER", 1)
    with pytest.raises(SiteError) as refusal:
        data.move_in(ana, BROWSER, {"my-solo": solo()}, {friday.game_id: links(friday)})
    assert refusal.value.code == "my_data.too_many_lists"
    assert len(lists.lists(BROWSER)) == 1 and data.cards(ana).book() == {} and data.my_games(ana) == []
    monkeypatch.setattr("models.service.my_data.LISTS_PER_OWNER", LISTS_PER_OWNER)
    assert data.move_in(ana, BROWSER, {}, {}).lists == 1  # the positive control

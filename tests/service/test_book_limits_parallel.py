"""What a player keeps holds its limits under parallel requests from two server processes on one database: an
account's card book takes at most BOOK_MAX cards, an owner keeps at most LISTS_PER_OWNER lists (saved, or moved in
from a browser), and a new account publishes at most its few facts an hour to the community book. Each test has a
positive control: the same burst against a count and a write made in two steps passes the limit. On SQLite and
PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import Engine, func
from sqlmodel import Session, select

from models.catalog import shipped_cards
from models.catalog.schema import BoxesLayout, Card
from models.db.community_repository import Limit, Limited
from models.db.tables import Account, AccountCard, ArmyList, CommunityFact, now
from models.service import GameService
from models.service import community as community_module
from models.service.accounts import Me
from models.service.cards import BOOK_MAX
from models.service.lists import LISTS_PER_OWNER, ListService
from models.service.my_data import MyData
from tests.service.parallel import burst, counted_first
from tests.service.test_lists import AGATHON_LIST

BURST = 8
ANA = Me(id="a" * 16, email="ana@example.org", name="Ana")
NEWCOMER = Limit(window=timedelta(hours=1), most=6, most_new=3, new_for=timedelta(days=1))
UNBOUNDED = 10**6  # the most a two-step stand-in hands the real write, having counted on its own


@dataclass(frozen=True)
class Site:
    """What one server process keeps for players."""

    data: MyData
    lists: ListService


def rows(engine: Engine, table: Any, *where: Any) -> int:
    with Session(engine) as s:
        return s.exec(select(func.count()).select_from(table).where(*where)).one()


def fill(engine: Engine, *made: Any) -> None:
    with Session(engine) as s:
        s.add_all(made)
        s.commit()


@pytest.fixture
def sites(engines: list[Engine]) -> list[Site]:
    """Two server processes on one database (each with its own engine), and Ana's account."""
    fill(engines[0], Account(id=ANA.id, email=ANA.email, name=ANA.name, password_hash="-"))
    made = []
    for e in engines:
        games = GameService(e)
        made.append(Site(MyData(e, games), ListService(e, games)))
    return made


def two_steps(sites: list[Site], monkeypatch: pytest.MonkeyPatch) -> None:
    """The positive controls' repositories: each limit counted in one transaction, then the real write told no
    limit, every request counting before any writes."""
    between = counted_first(BURST)
    for site in sites:
        books, lists = site.data.games.card_service._account_books, site.lists.repo
        community = site.data.games.card_service.community.repo

        def put_cards(account_id: str, cards: dict[str, Any], fits: Callable[[dict[str, Any]], object],
                      _books: Any = books, _real: Any = books.put_cards) -> None:
            whole = {**_books.cards(account_id), **cards}
            between()
            fits(whole)
            _real(account_id, cards, lambda _: None)

        def put(owner: str, *args: Any, _lists: Any = lists, _real: Any = lists.put) -> Any:
            full = _lists.count(owner) >= args[-1]
            between()
            return None if full else _real(owner, *args[:-1], UNBOUNDED)

        def move_in(account_id: str, from_owner: str, to_owner: str, cards: Any, games: Any, most: int,
                    fits: Any, _lists: Any = lists, _real: Any = site.data.repo.move_in) -> Any:
            full = _lists.count(to_owner) + _lists.count(from_owner) > most
            between()
            return None if full else _real(account_id, from_owner, to_owner, cards, games, UNBOUNDED, fits)

        def publish(account_id: str, *args: Any, _repo: Any = community, _real: Any = community.publish) -> Any:
            limit = args[-1]
            with Session(_repo.engine) as s:
                try:
                    _repo._within(s, s.get_one(Account, account_id), limit, now(), len(args[1]))
                    full: Limited | None = None
                except Limited as limited:
                    full = limited
            between()
            if full is not None:
                raise full
            return _real(account_id, *args[:-1], replace(limit, most=UNBOUNDED, most_new=UNBOUNDED))

        monkeypatch.setattr(books, "put_cards", put_cards)
        monkeypatch.setattr(site.data.repo, "move_in", move_in)
        monkeypatch.setattr(lists, "put", put)
        monkeypatch.setattr(community, "publish", publish)


# -- the card book ----------------------------------------------------------------------------------------------

def card(key: str) -> Card:
    return Card(key=key, name=key.title(), faction="Infernals", role="solo", cost=3, damage=BoxesLayout(boxes=5))


def card_book_burst(sites: list[Site], engine: Engine) -> int:
    """Cards in Ana's card book after a burst of saves, each of a new card, when it has room for one more."""
    filler = card("filler").model_dump(mode="json", exclude_none=True)
    fill(engine, *[AccountCard(account_id=ANA.id, key=f"filler-{n}", data=filler) for n in range(BOOK_MAX - 1)])
    answers = burst([lambda i=i: sites[i % 2].data.games.card_service.for_account(ANA.id).save([card(f"racer-{i}")])
                     for i in range(BURST)])
    assert answers.count("book.full") == BURST - sum(isinstance(a, list) for a in answers)
    return rows(engine, AccountCard, AccountCard.account_id == ANA.id)


def test_a_burst_of_saves_fills_a_card_book_to_its_most(sites: list[Site], engines: list[Engine]) -> None:
    assert card_book_burst(sites, engines[0]) == BOOK_MAX


def test_a_card_book_counted_apart_from_its_write_is_overfilled_by_a_burst(
        sites: list[Site], engines: list[Engine], monkeypatch: pytest.MonkeyPatch) -> None:
    """Positive control of the test above."""
    two_steps(sites, monkeypatch)
    assert card_book_burst(sites, engines[0]) == BOOK_MAX - 1 + BURST


# -- saved lists -----------------------------------------------------------------------------------------------

def lists_burst(sites: list[Site], engine: Engine) -> int:
    """Lists Ana's account keeps after a burst when it has room for one more: half of it new lists saved, half
    browsers moving their one list in."""
    fill(engine, *[ArmyList(id=f"kept-{n}", owner=ANA.owner, title=f"Kept {n}", faction="Infernals", data={})
                   for n in range(LISTS_PER_OWNER - 1)],
         *[ArmyList(id=f"browser-{i}", owner=f"browser-{i}", title="Brought", faction="Infernals", data={})
           for i in range(BURST)])
    calls = [(lambda i=i: sites[i % 2].lists.save(ANA.owner, AGATHON_LIST)) if i % 4 < 2 else
             (lambda i=i: sites[i % 2].data.move_in(ANA, f"browser-{i}", {}, {})) for i in range(BURST)]
    answers = burst(calls)
    refused = answers.count("list.too_many") + answers.count("my_data.too_many_lists")
    assert refused == BURST - sum(not isinstance(a, str) for a in answers)
    return rows(engine, ArmyList, ArmyList.owner == ANA.owner)


def test_a_burst_of_new_lists_keeps_at_most_the_lists_an_owner_may(sites: list[Site], engines: list[Engine]) -> None:
    assert lists_burst(sites, engines[0]) == LISTS_PER_OWNER


def test_lists_counted_apart_from_their_write_pass_the_most_in_a_burst(
        sites: list[Site], engines: list[Engine], monkeypatch: pytest.MonkeyPatch) -> None:
    two_steps(sites, monkeypatch)
    assert lists_burst(sites, engines[0]) == LISTS_PER_OWNER - 1 + BURST


# -- the community book -----------------------------------------------------------------------------------------

def community_burst(sites: list[Site], engine: Engine, monkeypatch: pytest.MonkeyPatch) -> int:
    """Facts an account a day old has published after a burst of publications, one fact each, 3 allowed."""
    monkeypatch.setattr(community_module, "LIMIT", NEWCOMER)
    fill(engine, Account(id="new", email="new@example.org", name="Newcomer", password_hash="-",
                         created=now() - timedelta(hours=2)))
    keys = [k for k, c in sorted(shipped_cards().items()) if c.role == "warjack" and c.cost is None][:BURST]
    answers = burst([lambda i=i, k=k: sites[i % 2].data.games.card_service.community.publish(
        "new", shipped_cards()[k].model_copy(update={"cost": 9}), facts=["cost"]) for i, k in enumerate(keys)])
    assert answers.count("community.too_many") == BURST - sum(not isinstance(a, str) for a in answers)
    return rows(engine, CommunityFact, CommunityFact.author == "new")


def test_a_burst_of_publications_keeps_a_new_account_to_its_most(
        sites: list[Site], engines: list[Engine], monkeypatch: pytest.MonkeyPatch) -> None:
    assert community_burst(sites, engines[0], monkeypatch) == NEWCOMER.most_new


def test_publications_counted_apart_from_their_write_pass_the_most_in_a_burst(
        sites: list[Site], engines: list[Engine], monkeypatch: pytest.MonkeyPatch) -> None:
    two_steps(sites, monkeypatch)
    assert community_burst(sites, engines[0], monkeypatch) == BURST

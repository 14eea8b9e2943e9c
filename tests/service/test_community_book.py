"""The community card book (DESIGN.md "Cards: where a fact comes from"): publishing, provenance, agreement counts,
disagreement side by side, author and moderator changes only, history and revert, the publishing limit (under
parallel requests: tests/service/test_book_limits_parallel.py), and a game that plays with the facts it started with.
On SQLite and, with TEST_DATABASE_URL, on PostgreSQL (`db_url`).

Every value here is a test entry typed as a player would type it from a card in hand; none is claimed to be the
printed card's.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from models.catalog import shipped_cards
from models.catalog.schema import Card, GridLayout, SpiralLayout, UnitInfo
from models.db.account_data_repository import AccountDataRepository
from models.db.community_repository import Limit
from models.db.engine import make_engine, migrate
from models.db.tables import Account, now
from models.rules import RuleViolation
from models.rules.warmachine.builders import setup_game
from models.rules.warmachine.setup import ArmyEntry
from models.service import Forbidden, GameService
from models.service import community as community_module
from models.service.book_coverage import coverage
from models.service.book_coverage import main as book_coverage_main
from models.service.cards import CardService
from models.service.community import CommunityBook, Source
from models.service.errors import CommunityError
from models.service.moderators import main as moderators_main

# Test entries (typed as a player would; not the printed cards' values).
JUGGERNAUT_GRID = ("......", ".....L", "...LLM", "...MMC", ".....C", "......")
OTHER_GRID = ("......", "....LL", "...LLM", "...MMC", ".....C", "......")
SPIRAL = ("...M..M", "...BB...", "...S..S")  # 22 boxes, as the catalog gives


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    made = make_engine(db_url)
    migrate(made)
    yield made
    made.dispose()


@pytest.fixture
def book(engine: Engine) -> CommunityBook:
    return CommunityBook(engine)


def account(engine: Engine, account_id: str, name: str, age: timedelta = timedelta(days=30)) -> str:
    with Session(engine) as s:
        s.add(Account(id=account_id, email=f"{account_id}@example.org", name=name, password_hash="-",
                      created=now() - age))
        s.commit()
    return account_id


@pytest.fixture
def ann(engine: Engine) -> str:
    return account(engine, "ann", "Ann")


@pytest.fixture
def bob(engine: Engine) -> str:
    return account(engine, "bob", "Bob")


@pytest.fixture
def cy(engine: Engine) -> str:
    return account(engine, "cy", "Cy")


@pytest.fixture
def mod(engine: Engine, db_url: str) -> str:
    account(engine, "mod", "Mo")
    assert moderators_main(["grant-moderator", "mod@example.org"], url=db_url) == 0
    return "mod"


def juggernaut(grid: tuple[str, ...] = JUGGERNAUT_GRID, cost: int | None = 19, fa: str | None = "U") -> Card:
    return shipped_cards()["juggernaut"].model_copy(update={"damage": GridLayout(columns=grid), "cost": cost,
                                                            "fa": fa})


def fact(book: CommunityBook, key: str, name: str) -> Any:
    return next(f for f in book.card(key).facts if f.fact == name)


# -- publishing and provenance ------------------------------------------------------------------------------------

def test_a_player_publishes_the_facts_their_card_gives_beyond_the_catalog(book: CommunityBook, ann: str) -> None:
    done = book.publish(ann, juggernaut())
    assert [(label, action) for label, action, _ in done.facts] == [
        ("damage track", "published"), ("cost", "published"), ("FA", "published")]
    grid = fact(book, "juggernaut", "damage")
    [value] = grid.values
    assert value.accounts == 1 and value.first.by == "Ann" and value.first.source_words == "their printed card"
    assert value.first.agree == 0 and not value.first.checked
    assert "grid columns" in value.words
    card = book.card("juggernaut")
    assert card.resolved.cost == 19 and isinstance(card.resolved.damage, GridLayout)
    assert card.says() == "community: entered by Ann from their printed card"
    assert book.publish(ann, juggernaut()).words() == "Juggernaut: the community book has these values from you " \
                                                      "already."


def test_a_page_source_is_an_address_and_a_pack_source_has_a_name(book: CommunityBook, ann: str) -> None:
    with pytest.raises(CommunityError, match="page's address") as refused:
        book.publish(ann, juggernaut(), Source("page", "my notes"))
    assert refused.value.code == "community.source"
    with pytest.raises(CommunityError, match="Name the card pack"):
        book.publish(ann, juggernaut(), Source("pack", " "))
    assert book.repo.facts() == []
    book.publish(ann, juggernaut(), Source("page", "https://example.org/juggernaut"))
    assert fact(book, "juggernaut", "cost").values[0].first.source_words == "the page https://example.org/juggernaut"


@pytest.mark.parametrize(("card", "words"), [
    (juggernaut(grid=(*JUGGERNAUT_GRID, "......")), "A grid has six columns."),
    (shipped_cards()["feral-warpwolf"].model_copy(update={"stats": shipped_cards()["feral-warpwolf"].stats.model_copy(
        update={"ARM": 99})}), "ARM must be a whole number from 0 to 40."),
])
def test_bad_input_is_refused_in_words_and_nothing_is_stored(book: CommunityBook, ann: str, card: Card,
                                                             words: str) -> None:
    with pytest.raises(RuleViolation) as refused:
        book.publish(ann, card)
    assert words in refused.value.message
    assert book.repo.facts() == [] and book.repo.history("juggernaut") == []


def test_a_ten_thousand_character_name_is_refused_in_words(book: CommunityBook, ann: str) -> None:
    data = juggernaut().model_dump(mode="json")
    data["weapons"] = [{"name": "x" * 10_000, "rng": "1"}]
    with pytest.raises(RuleViolation, match="at most 40 characters"):
        book.publish(ann, data)
    data["name"] = "y" * 10_000
    with pytest.raises(RuleViolation, match="at most 60 characters"):
        book.publish(ann, data)
    assert book.repo.facts() == []


def test_only_the_catalogs_cards_have_community_facts(book: CommunityBook, ann: str) -> None:
    own = juggernaut().model_copy(update={"key": "my-own-jack", "name": "My Own Jack"})
    with pytest.raises(CommunityError) as refused:
        book.publish(ann, own)
    assert refused.value.code == "community.not_catalog" and "My Own Jack is not a card of the catalog" in \
        refused.value.message
    with pytest.raises(CommunityError) as nothing:
        book.publish(ann, shipped_cards()["juggernaut"])
    assert nothing.value.code == "community.nothing_new"


def test_a_catalog_fact_cannot_be_published_over(book: CommunityBook, ann: str) -> None:
    """The shipped catalog never changes at run time: a card saying otherwise is refused (card.fact_given)."""
    rager = shipped_cards()["gorax-rager"]
    with pytest.raises(RuleViolation) as refused:
        book.publish(ann, rager.model_copy(update={"cost": 99 // 9}))
    assert refused.value.code == "card.fact_given"


# -- agreement and disagreement -----------------------------------------------------------------------------------

def test_accounts_entering_the_same_value_are_counted_as_agreeing(book: CommunityBook, ann: str, bob: str,
                                                                   cy: str) -> None:
    for who in (ann, bob, cy):
        book.publish(who, juggernaut())
    [value] = fact(book, "juggernaut", "damage").values
    assert value.accounts == 3 and [p.agree for p in value.publications] == [2, 2, 2]
    assert [p.by for p in value.publications] == ["Ann", "Bob", "Cy"]
    assert book.card("juggernaut").says() == "community: entered by Ann from their printed card, matched by 2 others"


def test_disagreement_is_shown_side_by_side_and_never_settled_silently(book: CommunityBook, ann: str,
                                                                       bob: str) -> None:
    book.publish(ann, juggernaut())
    book.publish(bob, juggernaut(grid=OTHER_GRID))
    grid = fact(book, "juggernaut", "damage")
    assert grid.disagreement and [v.accounts for v in grid.values] == [1, 1]
    assert {v.first.by for v in grid.values} == {"Ann", "Bob"}
    assert grid.chosen is None  # level: the player picks
    card = book.card("juggernaut")
    assert card.resolved.damage == shipped_cards()["juggernaut"].damage  # left empty, so the pre-game screen asks
    assert "community values disagree, pick one: damage track" in card.says()
    # Bob's publication is a second one: Ann's value is as she entered it.
    assert fact(book, "juggernaut", "damage").values[0].first.value != fact(book, "juggernaut",
                                                                            "damage").values[1].first.value


def test_the_value_more_accounts_entered_is_used_and_the_other_still_listed(book: CommunityBook, ann: str, bob: str,
                                                                            cy: str) -> None:
    book.publish(ann, juggernaut())
    book.publish(bob, juggernaut(grid=OTHER_GRID))
    book.publish(cy, juggernaut(grid=OTHER_GRID))
    grid = fact(book, "juggernaut", "damage")
    assert [v.accounts for v in grid.values] == [2, 1] and grid.chosen is grid.values[0]
    card = book.card("juggernaut")
    assert isinstance(card.resolved.damage, GridLayout) and card.resolved.damage.columns == OTHER_GRID
    assert next(o for o in card.origins if o.fact == "damage").by == "Bob"


def test_a_checked_value_stands_above_a_more_entered_one(book: CommunityBook, ann: str, bob: str, cy: str,
                                                         mod: str) -> None:
    book.publish(ann, juggernaut())
    book.publish(bob, juggernaut(grid=OTHER_GRID))
    book.publish(cy, juggernaut(grid=OTHER_GRID))
    anns = fact(book, "juggernaut", "damage").values[1].first
    book.check(mod, anns.id)
    grid = fact(book, "juggernaut", "damage")
    assert grid.chosen is not None and grid.chosen.first.by == "Ann" and grid.chosen.checked


# -- who changes what ---------------------------------------------------------------------------------------------

def test_only_the_author_changes_a_value_another_accounts_change_is_refused(book: CommunityBook, ann: str,
                                                                            bob: str) -> None:
    book.publish(ann, juggernaut())
    cost = fact(book, "juggernaut", "cost").values[0].first
    with pytest.raises(Forbidden, match="Only Ann, who entered this value, or a moderator can change it"):
        book.change(bob, cost.id, 18)
    assert fact(book, "juggernaut", "cost").values[0].first.value == 19
    changed = book.change(ann, cost.id, 18)  # positive control: the author may
    assert changed.value == 18 and changed.version == 2


def test_a_moderator_changes_checks_hides_and_a_stranger_may_not(book: CommunityBook, ann: str, bob: str,
                                                                 mod: str) -> None:
    book.publish(ann, juggernaut())
    cost = fact(book, "juggernaut", "cost").values[0].first
    assert book.change(mod, cost.id, 18).value == 18
    with pytest.raises(Forbidden, match="Only a moderator"):
        book.check(bob, cost.id)
    assert book.check(mod, cost.id).checked
    with pytest.raises(Forbidden, match="Only a moderator"):
        book.hide(bob, cost.id)
    with pytest.raises(Forbidden, match="Only a moderator"):
        book.hide(ann, cost.id)  # the author neither: hiding is a moderator's
    assert not book.publication(cost.id).hidden
    assert book.hide(mod, cost.id, note="test").hidden
    assert [f.fact for f in book.card("juggernaut").facts if f.values] == ["damage", "fa"]
    with pytest.raises(CommunityError) as gone:
        book.publication(cost.id, bob)  # hidden from everyone but moderators
    assert gone.value.code == "community.no_fact"
    assert book.card("juggernaut", mod).facts[1].hidden[0].id == cost.id
    assert not book.hide(mod, cost.id, hidden=False).hidden


def test_every_change_is_in_the_history_and_a_moderator_reverts(book: CommunityBook, ann: str, bob: str,
                                                                mod: str) -> None:
    book.publish(ann, juggernaut(cost=19))
    cost = fact(book, "juggernaut", "cost").values[0].first
    book.publish(ann, juggernaut(cost=21))  # publishing again changes her own value
    book.change(ann, cost.id, 22)
    with pytest.raises(Forbidden):
        book.revert(bob, cost.id, 1)
    with pytest.raises(Forbidden):
        book.revert(ann, cost.id, 1)
    reverted = book.revert(mod, cost.id, 1)
    assert reverted.value == 19 and reverted.version == 4 and not reverted.checked
    lines = [(c.action, c.by, c.version, c.words, c.note) for c in book.history("juggernaut") if c.fact == "cost"]
    assert lines == [("reverted", "Mo", 4, "19", "back to version 1"), ("changed", "Ann", 3, "22", ""),
                     ("changed", "Ann", 2, "21", ""), ("published", "Ann", 1, "19", "")]
    with pytest.raises(CommunityError) as never:
        book.revert(mod, cost.id, 7)
    assert never.value.code == "community.no_version"


def test_the_moderator_command_grants_and_revokes(engine: Engine, db_url: str, book: CommunityBook, ann: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert not book.is_moderator(ann)
    assert moderators_main(["grant-moderator", "ANN@example.org"], url=db_url) == 0
    assert "Ann (ann@example.org) is now a moderator" in capsys.readouterr().out
    assert book.is_moderator(ann)
    assert moderators_main(["revoke-moderator", "ann@example.org"], url=db_url) == 0
    assert not book.is_moderator(ann)
    assert moderators_main(["grant-moderator", "nobody@example.org"], url=db_url) == 1
    assert moderators_main(["make-admin", "ann@example.org"], url=db_url) == 2


# -- the publishing limit -----------------------------------------------------------------------------------------

SMALL = Limit(window=timedelta(hours=1), most=6, most_new=3, new_for=timedelta(days=1))


def test_a_new_account_cannot_flood_the_book(engine: Engine, book: CommunityBook, ann: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(community_module, "LIMIT", SMALL)
    newcomer = account(engine, "new", "Newcomer", age=timedelta(hours=2))
    book.publish(newcomer, juggernaut())  # three facts
    with pytest.raises(CommunityError) as refused:
        book.publish(newcomer, shipped_cards()["destroyer"].model_copy(update={"cost": 18}))
    assert refused.value.code == "community.too_many"
    assert refused.value.message == ("An account may publish at most 3 facts an hour while it is new, and these "
                                     "would be more: try again in 60 minutes.")
    assert [r.card_key for r in book.repo.facts()] == ["juggernaut"] * 3
    # Positive control: an older account may publish more in the same hour.
    book.publish(ann, juggernaut())
    book.publish(ann, shipped_cards()["destroyer"].model_copy(update={"cost": 18}))
    assert len(book.repo.facts()) == 7


# -- the layers, and a game that keeps its facts ------------------------------------------------------------------

def test_a_players_catalog_takes_community_facts_and_their_own_on_top(engine: Engine, ann: str, bob: str) -> None:
    cards = CardService(engine)
    cards.community.publish(ann, juggernaut())
    bobs = cards.for_account(bob)
    catalog, origins = bobs.resolved()
    assert catalog["juggernaut"].cost == 19 and {o.fact for o in origins["juggernaut"]} == {"damage", "cost", "fa"}
    assert all(o.by == "Ann" and o.version == 1 for o in origins["juggernaut"])
    bobs.save([shipped_cards()["juggernaut"].model_copy(update={"cost": 20})])  # his own value wins, for him
    catalog, origins = bobs.resolved()
    assert catalog["juggernaut"].cost == 20
    assert {o.fact for o in origins["juggernaut"]} == {"damage", "fa"}
    assert cards.for_account(ann).catalog()["juggernaut"].cost == 19


def test_a_game_started_from_community_facts_replays_identically_after_they_change(engine: Engine, ann: str,
                                                                                    bob: str) -> None:
    service = GameService(engine)
    community = service.card_service.community
    community.publish(ann, juggernaut())
    rager = shipped_cards()["gorax-rager"].model_copy(update={"damage": SpiralLayout(total=22, branches=SPIRAL)})
    community.publish(ann, rager)
    wolves = shipped_cards()["wolves-of-orboros"].model_copy(update={
        "unit": UnitInfo(costs={6: 10}, trooper_boxes=1), "fa": "2"})
    community.publish(ann, wolves)
    catalog, origins = service.card_service.for_account(bob).resolved()
    khador = [ArmyEntry(card="kommander-sorscha"), ArmyEntry(card="juggernaut", battlegroup_of=0)]
    circle = [ArmyEntry(card="kaya-the-wildborne"), ArmyEntry(card="gorax-rager", battlegroup_of=0),
              ArmyEntry(card="wolves-of-orboros", size=6)]
    game = service.start(setup_game("Test entries", [("Ann", khador), ("Bob", circle)], cards=catalog,
                                    origins=origins))
    _, before = service.state(game.game_id)
    setup = service.repo.log(game.game_id)[0].command
    assert setup["origins"]["juggernaut"][0] == {"fact": "damage", "publication": origins["juggernaut"][0].publication,
                                                 "version": 1, "by": "Ann", "source": "their printed card"}
    assert set(setup["origins"]) == {"juggernaut", "gorax-rager", "wolves-of-orboros"}
    # The book changes afterwards: a correction, and a hidden value.
    grid = fact(community, "juggernaut", "damage").values[0].first
    community.change(ann, grid.id, {"kind": "grid", "columns": list(OTHER_GRID), "sides": 1})
    assert service.card_service.for_account(bob).catalog()["juggernaut"].damage != before.board.cards[
        "juggernaut"].damage
    replayed = GameService(engine)  # another server process reads the game from its log
    _, after = replayed.state(game.game_id)
    assert after == before
    assert after.board.cards["juggernaut"].damage == juggernaut().damage


def test_a_deleted_accounts_publications_stay_without_its_name(engine: Engine, book: CommunityBook, ann: str,
                                                               mod: str) -> None:
    book.publish(mod, juggernaut())
    assert AccountDataRepository(engine).delete(mod, "account:mod", lambda: "t", lambda t: t)  # a moderator's too
    assert fact(book, "juggernaut", "cost").values[0].first.by == "a former member"
    assert not book.is_moderator(mod)


# -- card packs ---------------------------------------------------------------------------------------------------

def test_the_community_book_travels_as_a_card_pack_to_a_tablet_with_no_site(engine: Engine, tmp_path: Any,
                                                                              ann: str) -> None:
    site = CardService(engine)
    site.community.publish(ann, juggernaut())
    pack = site.community.export_pack()
    data = json.loads(pack)
    assert (data["format"], data["version"]) == ("tablekeeper-cards", 2)
    assert [(c["key"], c["cost"], [o["by"] for o in c["origins"]]) for c in data["cards"]] == [
        ("juggernaut", 19, ["Ann", "Ann", "Ann"])]
    tablet_engine = make_engine(f"sqlite:///{tmp_path}/tablet.db")  # the club tablet's own `make run` database
    migrate(tablet_engine)
    try:
        tablet = CardService(tablet_engine).for_book({})  # a browser's card book, no account
        cards = CardService.read_pack(pack)
        assert tablet.pack_plan(cards).words() == "This pack adds Juggernaut."
        tablet.keep_pack(cards)
        assert tablet.catalog()["juggernaut"].cost == 19
        assert tablet.catalog()["juggernaut"].damage == juggernaut().damage
    finally:
        tablet_engine.dispose()


def test_a_pack_overwrites_nothing_of_the_players_own_unless_asked(engine: Engine, ann: str) -> None:
    site = CardService(engine)
    site.community.publish(ann, juggernaut())
    cards = CardService.read_pack(site.community.export_pack())
    mine = CardService(engine).for_book({})
    mine.save([shipped_cards()["juggernaut"].model_copy(update={"cost": 18})])  # the player's own value
    plan = mine.pack_plan(cards)
    assert plan.overwrites == (("Juggernaut", ("cost",)),)
    assert plan.words() == "This pack would overwrite your own Juggernaut (cost)."
    mine.keep_pack(cards)  # keep mine: only what the own card leaves empty comes from the pack
    assert mine.book()["juggernaut"].cost == 18 and mine.book()["juggernaut"].damage == juggernaut().damage
    mine.keep_pack(cards, overwrite=True)  # positive control: asked, the pack's value is taken
    assert mine.book()["juggernaut"].cost == 19


def test_a_pack_of_a_later_version_is_refused_in_words() -> None:
    text = json.dumps({"format": "tablekeeper-cards", "version": 3, "cards": [juggernaut().model_dump(mode="json")]})
    with pytest.raises(RuleViolation, match="version 3, which this Tablekeeper cannot read"):
        CardService.read_pack(text)


def test_the_coverage_command_counts_shipped_community_and_agreed(engine: Engine, db_url: str, book: CommunityBook,
                                                                  ann: str, bob: str,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    before = dict((label, count) for label, count, _ in coverage(engine))
    book.publish(ann, juggernaut())
    book.publish(bob, juggernaut(cost=20))  # agrees on the grid and FA, not on the cost
    rows = {label: (count, out_of) for label, count, out_of in coverage(engine)}
    assert rows["community card book: more cards it makes playable"] == (1, 1224 - before[
        "shipped catalog: cards playable without typing"])
    assert rows["community card book: cards with facts"] == (1, 1224)
    assert rows["community facts agreed by two or more accounts or checked"] == (2, 3)
    assert rows["community facts whose values disagree"] == (1, 3)
    assert book_coverage_main(db_url) == 0
    assert "| community facts agreed by two or more accounts or checked | 2 | 3 |" in capsys.readouterr().out

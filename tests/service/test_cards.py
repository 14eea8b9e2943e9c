"""Cards belong to someone (DESIGN.md "Access"): a completion fills that game's copy only, the shipped catalog never
changes at run time, site-wide cards need the operator's token, and what a player completes or writes goes into their
card book. On SQLite and, with TEST_DATABASE_URL, on PostgreSQL (`db_url`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, select

from models.catalog import CATALOG_DIR, hand_made_cards, shipped_cards
from models.catalog.schema import RULE_MAX, BoxesLayout, Card
from models.db.engine import make_engine, migrate
from models.db.tables import CardRow
from models.rules import RuleViolation
from models.rules.warmachine.activation import Activate
from models.rules.warmachine.builders import complete_card, setup_game
from models.rules.warmachine.match import board
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.setup import ArmyEntry, SetupGame, Side
from models.rules.warmachine.summoning import Summon
from models.service import Actor, Created, Forbidden, GameService
from models.service.cards import BOOK, BOOK_MAX, CardService, checked

OPERATOR = "operator-secret-token"
AGATHON, FOREBODER, REGNA = "p1-agathon", "p1-foreboder", "p2-princess-regna"
TABLE, SEAT_1, SEAT_2 = Actor(role="table"), Actor(role="seat", seat=0), Actor(role="seat", seat=1)
ARMY_1 = [ArmyEntry(card="agathon"), ArmyEntry(card="foreboder", battlegroup_of=0)]
ARMY_2 = [ArmyEntry(card="princess-regna")]
MEGABYTE_RULE = "x" * 1_000_000


Make = Callable[..., GameService]


@pytest.fixture
def new_service(db_url: str) -> Iterator[Make]:
    """Makes a GameService (another server process on the same database), with the operator token given."""
    engines: list[Engine] = []

    def make(operator_token: str | None = None) -> GameService:
        engine = make_engine(db_url)
        engines.append(engine)
        migrate(engine)
        return GameService(engine, operator_token=operator_token)

    yield make
    for engine in engines:
        engine.dispose()


@pytest.fixture
def service(new_service: Make) -> GameService:
    return new_service()


@pytest.fixture
def game(service: GameService) -> Created:
    return service.start(setup_game("Friday game", [("Ann", ARMY_1), ("Bob", ARMY_2)]))


def shipped(key: str, **changes: Any) -> Card:
    return shipped_cards()[key].model_copy(update=changes)


def completed_foreboder(rings: tuple[int, int, int] = (6, 4, 4)) -> Card:
    card = shipped_cards()["foreboder"]
    return card.model_copy(update={"damage": card.damage.model_copy(update={"rings": rings})})


def rewritten_agathon() -> Card:
    """What a stranger sent: Agathon with a new name, stats, boxes and rules text."""
    card = shipped_cards()["agathon"]
    return card.model_copy(update={"name": "Agathon the Unkillable", "stats": card.stats.model_copy(update={
        "DEF": 25, "ARM": 25}), "damage": BoxesLayout(boxes=99), "rules": ("Cannot be damaged.",)})


def my_solo(boxes: int = 5) -> Card:
    return Card(key="my-solo", name="My Solo", faction="Infernals", role="solo", cost=3,
                damage=BoxesLayout(boxes=boxes))


def card_rows(service: GameService) -> list[CardRow]:
    with Session(service.repo.engine) as s:
        return list(s.exec(select(CardRow)).all())


def game_card(service: GameService, game: Created, key: str) -> Card:
    return board(service.state(game.game_id)[1]).cards[key]


# -- a completion belongs to its game -----------------------------------------------------------------------

@pytest.mark.parametrize("actor", [TABLE, SEAT_1], ids=["table", "the owner's seat"])
def test_a_completion_through_a_game_link_changes_only_that_game(service: GameService, game: Created,
                                                                 new_service: Make,
                                                                 actor: Actor) -> None:
    outcome = service.execute(game.game_id, complete_card(completed_foreboder()), 1, actor)
    assert board(outcome.state).cards["foreboder"].damage.rings == (6, 4, 4)  # positive control: the game has it
    assert service.cards()["foreboder"].damage.rings is None
    assert card_rows(service) == []
    later = service.start(setup_game("Next game", [("Ann", ARMY_1), ("Bob", ARMY_2)]))
    assert game_card(service, later, "foreboder").damage.rings is None
    other_process = new_service()
    assert other_process.cards()["foreboder"] == shipped_cards()["foreboder"]


def test_the_other_seat_cannot_complete_a_sides_card(service: GameService, game: Created) -> None:
    with pytest.raises(Forbidden, match="Only Ann or the shared table link can complete this card"):
        service.execute(game.game_id, complete_card(completed_foreboder()), 1, SEAT_2)
    assert service.state(game.game_id)[0] == 1
    assert game_card(service, game, "foreboder").damage.rings is None


def test_undo_takes_a_completion_back(service: GameService, game: Created) -> None:
    service.execute(game.game_id, complete_card(completed_foreboder()), 1, TABLE)
    assert game_card(service, game, "foreboder").damage.rings == (6, 4, 4)
    outcome = service.undo(game.game_id, 2, TABLE)
    assert board(outcome.state).cards["foreboder"].damage.rings is None
    assert game_card(service, game, "foreboder").damage.rings is None
    assert service.cards()["foreboder"].damage.rings is None


@pytest.mark.parametrize("actor", [TABLE, SEAT_1], ids=["table", "the owner's seat"])
def test_a_completion_cannot_overwrite_a_fact_the_card_gives(service: GameService, game: Created,
                                                             actor: Actor) -> None:
    with pytest.raises(RuleViolation) as refusal:
        service.execute(game.game_id, complete_card(rewritten_agathon()), 1, actor)
    assert refusal.value.code == "card.fact_given"
    assert "name, DEF, ARM, damage boxes" in refusal.value.message
    assert service.state(game.game_id)[0] == 1
    assert game_card(service, game, "agathon") == shipped_cards()["agathon"]
    assert service.cards()["agathon"] == shipped_cards()["agathon"]


def test_a_players_own_card_is_completed_in_a_game_never_rewritten(service: GameService) -> None:
    """The rule for a card a player wrote (a key the catalog does not ship): a game fills in what it leaves
    empty, as for shipped cards; its author changes it in their card book, for their next games."""
    blank = my_solo().model_copy(update={"cost": None, "damage": BoxesLayout(boxes=None)})
    catalog = {**service.cards(), "my-solo": blank}
    created = service.start(setup_game("Own card", [("Ann", [*ARMY_1, ArmyEntry(card="my-solo")]), ("Bob", ARMY_2)],
                                       cards=catalog))
    service.execute(created.game_id, complete_card(blank.model_copy(update={"damage": BoxesLayout(boxes=5)})), 1,
                    TABLE)
    with pytest.raises(RuleViolation) as refusal:
        service.execute(created.game_id, complete_card(blank.model_copy(update={"damage": BoxesLayout(boxes=8)})), 2,
                        SEAT_1)
    assert refusal.value.code == "card.fact_given"
    assert game_card(service, created, "my-solo").damage.boxes == 5


def test_a_game_cannot_be_set_up_with_a_rewritten_shipped_card(service: GameService) -> None:
    """A command carrying a card (a setup, a summoned horror) keeps the shipped card's facts too."""
    sides = (Side(player="Ann", army=(ArmyEntry(card="agathon"),)),
             Side(player="Bob", army=(ArmyEntry(card="princess-regna"),)))
    forged = SetupGame(title="Forged", sides=sides, cards={"agathon": rewritten_agathon(),
                                                           "princess-regna": shipped_cards()["princess-regna"]})
    with pytest.raises(RuleViolation) as refusal:
        service.start(forged)
    assert refusal.value.code == "card.fact_given"
    honest = forged.model_copy(update={"cards": {**forged.cards, "agathon": shipped_cards()["agathon"]}})
    assert service.start(honest).version == 1


def test_a_summoned_horror_keeps_the_facts_of_its_shipped_card(service: GameService) -> None:
    """A horror the game has no card for yet comes with the summon command: a cheaper Shrieker (ESSENCE 1 where
    the card gives 3) is refused; the shipped card with its web rings filled in is summoned."""
    created = service.start(setup_game("Summon", [("Ann", [*ARMY_1, ArmyEntry(card="cultist-band", size=4)]),
                                                  ("Bob", ARMY_2)]))
    gid = created.game_id
    version, state = service.state(gid)
    while state.phase != "activation":
        outcome = service.execute(gid, Advance(), version, TABLE)
        version, state = outcome.version, outcome.state
    version = service.execute(gid, Activate(model=AGATHON), version, TABLE).version
    shrieker = shipped_cards()["shrieker"]
    webbed = shrieker.model_copy(update={"damage": shrieker.damage.model_copy(update={"rings": (7, 6, 4)})})
    cheap = webbed.model_copy(update={"stats": shrieker.stats.model_copy(update={"ESSENCE": 1})})
    summon = Summon(master=AGATHON, vessel="p1-cultist-band.1", horror_card=cheap)
    with pytest.raises(RuleViolation) as refusal:
        service.execute(gid, summon, version, TABLE)
    assert refusal.value.code == "card.fact_given" and "ESSENCE" in refusal.value.message
    done = service.execute(gid, summon.model_copy(update={"horror_card": webbed}), version, TABLE)
    assert board(done.state).cards["shrieker"] == webbed
    assert service.cards()["shrieker"] == shrieker


def test_a_megabyte_of_rules_text_is_refused_with_a_message(service: GameService, game: Created) -> None:
    data = {**completed_foreboder().model_dump(mode="json"), "rules": [MEGABYTE_RULE]}
    with pytest.raises(RuleViolation) as in_game:
        service.execute(game.game_id, {"type": "complete_card", "card": data}, 1, TABLE)
    assert in_game.value.code == "command.invalid" and str(RULE_MAX) in in_game.value.message
    with pytest.raises(RuleViolation) as in_book:
        checked(data)
    assert (in_book.value.code, in_book.value.message) == ("cards.malformed", "Rules entry 1: at most 500 characters.")
    assert service.state(game.game_id)[0] == 1


@pytest.mark.parametrize("field, value, words", [
    ("name", "n" * 61, "Name: at most 60 characters."),
    ("aliases", ["a"] * 11, "Other names: at most 10 entries."),
    ("rules", ["r"] * 21, "Rules: at most 20 entries."),
    ("source", "s" * 1001, "Source: at most 1000 characters."),
    ("faction", "f" * 41, "Faction: at most 40 characters."),
    ("trump", "t" * 61, "Trump arcana: at most 60 characters."),
])
def test_every_free_text_of_a_card_has_a_length_limit(field: str, value: Any, words: str) -> None:
    with pytest.raises(RuleViolation) as refusal:
        checked({**my_solo().model_dump(mode="json"), field: value})
    assert (refusal.value.code, refusal.value.message) == ("cards.malformed", words)
    assert checked(my_solo().model_dump(mode="json")) == my_solo()


# -- site cards: the operator's right ------------------------------------------------------------------------

@pytest.mark.parametrize("configured, sent", [(None, None), (None, ""), (None, OPERATOR), (OPERATOR, None),
                                              (OPERATOR, "wrong"), (OPERATOR, "")])
def test_a_site_card_needs_the_operator_token(new_service: Make, configured: str | None, sent: str | None) -> None:
    """No token configured: nobody; configured: only that token. The positive control is the next test."""
    service = new_service(configured)
    with pytest.raises(Forbidden):
        service.card_service.save([my_solo()], for_site=True, operator_token=sent)
    assert card_rows(service) == []
    assert "my-solo" not in service.cards()


def test_the_operator_saves_a_card_for_every_later_game(new_service: Make) -> None:
    operator = new_service(OPERATOR)
    elsewhere = new_service()  # another server process, its catalog read already
    assert "my-solo" not in elsewhere.cards()
    operator.card_service.save([my_solo(), completed_foreboder()], for_site=True, operator_token=OPERATOR)
    assert operator.cards()["my-solo"] == my_solo()
    later = elsewhere.start(setup_game("Next", [("Ann", [*ARMY_1, ArmyEntry(card="my-solo")]), ("Bob", ARMY_2)]))
    assert game_card(elsewhere, later, "foreboder").damage.rings == (6, 4, 4)
    assert game_card(elsewhere, later, "my-solo") == my_solo()


def test_not_even_the_operator_changes_a_shipped_fact(new_service: Make) -> None:
    operator = new_service(OPERATOR)
    with pytest.raises(RuleViolation) as refusal:
        operator.card_service.save([completed_foreboder(), rewritten_agathon()], for_site=True, operator_token=OPERATOR)
    assert refusal.value.code == "card.fact_given" and refusal.value.message.startswith("Card 2:")
    assert card_rows(operator) == []


def test_site_cards_that_no_longer_keep_a_shipped_fact_are_not_read(service: GameService) -> None:
    """Should the catalog come to give a fact differently from an operator's card, the shipped card wins."""
    service.card_service.repo.save_site_cards({"agathon": rewritten_agathon().model_dump(mode="json"),
                                             "my-solo": my_solo().model_dump(mode="json")})
    service.card_service.forget()
    assert service.cards()["agathon"] == shipped_cards()["agathon"]
    assert service.cards()["my-solo"] == my_solo()


# -- the card book -----------------------------------------------------------------------------------------

def test_a_card_book_offers_its_cards_to_its_player_only(service: GameService) -> None:
    mine, yours = service.card_service.for_book({}), service.card_service.for_book({})
    mine.save([completed_foreboder(), my_solo()])
    assert mine.catalog()["foreboder"].damage.rings == (6, 4, 4) and mine.catalog()["my-solo"] == my_solo()
    assert yours.catalog()["foreboder"].damage.rings is None and "my-solo" not in yours.catalog()
    assert service.cards()["foreboder"].damage.rings is None and card_rows(service) == []
    created = service.start(setup_game("Mine", [("Ann", [*ARMY_1, ArmyEntry(card="my-solo")]), ("Bob", ARMY_2)],
                                       cards=mine.catalog()))
    assert game_card(service, created, "foreboder").damage.rings == (6, 4, 4)


def test_a_card_book_cannot_change_a_shipped_fact(service: GameService) -> None:
    storage: dict[str, Any] = {}
    book = service.card_service.for_book(storage)
    with pytest.raises(RuleViolation) as refusal:
        book.save([completed_foreboder(), rewritten_agathon()])
    assert refusal.value.code == "card.fact_given"
    assert storage == {}


def test_the_author_rewrites_their_own_card_for_their_next_games(service: GameService) -> None:
    book = service.card_service.for_book({})
    book.save([my_solo(5)])
    army = [("Ann", [*ARMY_1, ArmyEntry(card="my-solo")]), ("Bob", ARMY_2)]
    running = service.start(setup_game("Running", army, cards=book.catalog()))
    book.save([my_solo(8)])
    assert game_card(service, running, "my-solo").damage.boxes == 5
    later = service.start(setup_game("Next", army, cards=book.catalog()))
    assert game_card(service, later, "my-solo").damage.boxes == 8


def test_a_full_card_book_keeps_nothing_more(service: GameService) -> None:
    storage: dict[str, Any] = {}
    book = service.card_service.for_book(storage)
    book.save([my_solo().model_copy(update={"key": f"solo-{n}"}) for n in range(BOOK_MAX)])
    with pytest.raises(RuleViolation) as refusal:
        book.save([my_solo()])
    assert refusal.value.code == "book.full"
    assert len(storage[BOOK]) == BOOK_MAX and "my-solo" not in book.book()


def test_a_card_pack_goes_from_one_card_book_to_another(service: GameService) -> None:
    """A club shares one pack: exported from one player's card book, imported into another's."""
    mine, theirs = service.card_service.for_book({}), service.card_service.for_book({})
    mine.save([completed_foreboder(), my_solo()])
    pack = mine.export_pack()
    assert [c["key"] for c in json.loads(pack)["cards"]] == ["foreboder", "my-solo"]
    theirs.save(CardService.read_pack(pack))
    assert theirs.book() == mine.book()


def test_a_catalog_faction_file_reads_as_a_card_pack() -> None:
    text = (CATALOG_DIR / "infernals.json").read_text(encoding="utf-8")
    cards = CardService.read_pack(text)
    assert {c.key: c for c in cards} == {k: shipped_cards()[k] for k, c in hand_made_cards().items()
                                         if c.faction == "Infernals"}


@pytest.mark.parametrize("text, code", [
    ("not json at all", "cards.not_json"),
    ("[" * 100_000, "cards.not_json"),
    ("{}", "cards.empty"),
    ('{"cards": [42]}', "cards.malformed"),
    ('{"cards": [{"key": "x"}]}', "cards.malformed"),
    (json.dumps({"cards": [{**my_solo().model_dump(mode="json"), "rules": [MEGABYTE_RULE[:600_000]]}]}),
     "cards.malformed"),
    ("x" * 2_000_001, "cards.too_big"),
    (json.dumps({"cards": [completed_foreboder().model_dump(mode="json"),
                           {**completed_foreboder().model_dump(mode="json"), "cost": -3}]}), "cards.invalid"),
    (json.dumps({"cards": [my_solo().model_dump(mode="json")] * 2}), "cards.duplicate"),
    (json.dumps({"cards": [my_solo().model_dump(mode="json"), rewritten_agathon().model_dump(mode="json")]}),
     "card.fact_given"),
])
def test_a_bad_card_pack_changes_nothing(service: GameService, text: str, code: str) -> None:
    storage: dict[str, Any] = {BOOK: {"my-solo": my_solo().model_dump(mode="json")}}
    book = service.card_service.for_book(storage)
    before = json.dumps(storage)
    with pytest.raises(RuleViolation) as refusal:
        book.save(CardService.read_pack(text))
    assert refusal.value.code == code and refusal.value.message
    assert json.dumps(storage) == before


@pytest.mark.parametrize("bad, code", [
    ([completed_foreboder(), rewritten_agathon()], "card.fact_given"),
    ([my_solo(), {**my_solo().model_dump(mode="json"), "key": "too-long", "name": "n" * 61}], "cards.malformed"),
    ([my_solo(), my_solo().model_copy(update={"key": "priced", "cost": -3})], "cards.invalid"),
])
def test_a_players_card_and_an_operators_card_are_checked_the_same_way(new_service: Make, bad: list[Any],
                                                                        code: str) -> None:
    """One save path (CardService.save): the same cards are refused with the same words whether a player keeps
    them in their card book or the operator saves them for the whole site, and neither stores any of them.
    Positive control: the good cards alone are stored by both."""
    operator = new_service(OPERATOR)
    storage: dict[str, Any] = {}
    refusals = []
    for save in (lambda cards: operator.card_service.for_book(storage).save(cards),
                 lambda cards: operator.card_service.save(cards, for_site=True, operator_token=OPERATOR)):
        with pytest.raises(RuleViolation) as refusal:
            save(bad)
        refusals.append((refusal.value.code, refusal.value.message))
    assert refusals[0] == refusals[1] and refusals[0][0] == code and refusals[0][1].startswith("Card 2:")
    assert storage == {} and card_rows(operator) == []
    good = [bad[0]]
    operator.card_service.for_book(storage).save(good)
    operator.card_service.save(good, for_site=True, operator_token=OPERATOR)
    assert len(storage[BOOK]) == 1 and len(card_rows(operator)) == 1

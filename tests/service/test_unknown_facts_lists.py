"""A list with unknown facts (a cost, a Grymkin warlock's Trump card) is saved, checked with "unknown facts" and
submitted to an event, never refused for them alone; a list that breaks a rule still is (positive control).
SQLite always, PostgreSQL when TEST_DATABASE_URL is set (``db_url``)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from models.catalog import shipped_cards
from models.rules.warmachine import Army
from models.rules.warmachine.list_checks import UNCHECKED, blocking, validate
from models.rules.warmachine.list_model import ListEntry
from tests.service.site_client import sign_up
from tests.service.test_api import assert_error
from tests.service.test_events_api import new_event, save_lists
from webapp import deps

HERETIC = Army(title="Heretic", faction="Grymkin", size=50, entries=(
    ListEntry(card="the-heretic", arcana=("Desolation", "Labyrinth")),  # its Trump, not known yet, is the third
    ListEntry(card="gorehound", battlegroup_of=0), ListEntry(card="cage-rager", battlegroup_of=0)))
SORSCHA = Army(title="Sorscha", faction="Khador", size=50, entries=(
    ListEntry(card="kommander-sorscha"), ListEntry(card="juggernaut", battlegroup_of=0),
    ListEntry(card="juggernaut", battlegroup_of=0), ListEntry(card="iron-fang-pikemen")))


def test_the_lists_lack_facts_and_the_check_says_unknown_facts() -> None:
    cards = shipped_cards()
    assert cards["the-heretic"].trump is None and cards["juggernaut"].cost is None
    for army in (HERETIC, SORSCHA):
        problems = validate(army, cards)
        assert problems and {p.code for p in problems} <= UNCHECKED, problems
        assert all(p.message.startswith("Unknown facts: ") for p in problems)
        assert blocking(problems) == []


def test_a_list_with_unknown_facts_is_saved_and_submitted(client: TestClient) -> None:  # noqa: F811
    organiser = sign_up(client, "Olga")
    event = new_event(client, organiser)
    ann = sign_up(client, "Ann")
    client.post(f"/api/events/{event['id']}/registrations", headers=ann["headers"])
    heretic, sorscha = save_lists(ann, HERETIC, SORSCHA)
    lists = deps.current().lists
    assert {s.title for s in lists.lists(f"account:{ann['account']['id']}")} == {"Heretic", "Sorscha"}
    r = client.put(f"/api/events/{event['id']}/lists", json={"lists": [heretic, sorscha]}, headers=ann["headers"])
    assert r.status_code == 200, r.text
    # positive control: a rule broken (a Khador warjack in a Grymkin list) is still refused at submission
    bad = HERETIC.model_copy(update={"title": "Mixed", "entries": (*HERETIC.entries,
                                                                    ListEntry(card="juggernaut"))})
    mixed = save_lists(ann, bad)[0]
    assert_error(client.put(f"/api/events/{event['id']}/lists", json={"lists": [heretic, mixed]},
                            headers=ann["headers"]), 422, "list.not_legal")

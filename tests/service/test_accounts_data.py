"""All my data: the export is one JSON file of the account (never its password hash), its saved lists, card book, games
with their results, events it organises and registrations; deleting the account (password asked again) deletes all of
that in one go, and leaves the games, which the opponent still plays, and every other account's data. On SQLite and
PostgreSQL."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from fastapi.testclient import TestClient
from sqlmodel import Session, select

from models.db.list_repository import ListRepository
from models.db.tables import (
    Account,
    AccountCard,
    AccountGame,
    AccountSession,
    ArmyList,
    Event,
    EventPairing,
    EventPlayer,
    SignInFailure,
)
from tests.service.site_client import PASSWORD, sign_up
from tests.service.test_api import GAME, assert_error
from webapp import deps


def give_data(client: TestClient, account: dict[str, Any], game: dict[str, Any], tag: str) -> None:
    """A saved list, a card, a game, an organised event with a pairing and a registration for ``account``."""
    account_id = account["account"]["id"]
    engine = deps.current().accounts.repo.engine
    ListRepository(engine).put(f"account:{account_id}", f"list-{tag}", f"List {tag}", "Infernals", 75,
                               {"entries": []}, most=10)
    with Session(engine) as s:
        s.add(AccountCard(account_id=account_id, key=f"card-{tag}", data={"name": f"Card {tag}"}))
        s.add(AccountGame(account_id=account_id, game_id=game["id"], links={"table": game["table_url"]}))
        s.add(Event(id=f"event-{tag}", organiser=account_id, name=f"Event {tag}", day="2026-12-05",
                    deadline=datetime(2026, 12, 4, tzinfo=UTC)))
        s.commit()
        s.add(EventPlayer(event_id=f"event-{tag}", account_id=account_id, name=tag, lists=[]))
        s.add(EventPairing(event_id=f"event-{tag}", round=1, table_no=1, player_a=account_id, game_id=game["id"],
                           links={}))
        s.commit()


def new_game(client: TestClient) -> dict[str, Any]:
    r = client.post("/api/games", json=GAME)
    assert r.status_code == 201, r.text
    return r.json()


def test_the_export_holds_everything_of_the_account_and_nothing_of_others(client: TestClient) -> None:
    ana, bob = sign_up(client, "Ana"), sign_up(client, "Bob")
    game = new_game(client)
    give_data(client, ana, game, "ana")
    give_data(client, bob, game, "bob")
    r = client.get("/api/account/export", headers=ana["headers"])
    assert r.status_code == 200
    assert 'filename="tablekeeper-account.json"' in r.headers["content-disposition"]
    data = r.json()
    assert data["format"] == "tablekeeper-account/1"
    assert data["account"]["email"] == "ana@example.org" and "password_hash" not in str(data)
    assert "$argon2" not in r.text
    assert [row["title"] for row in data["lists"]] == ["List ana"]
    assert [row["key"] for row in data["cards"]] == ["card-ana"]
    [played] = data["games"]
    assert played["game"] == game["id"] and played["title"] == "Friday game" and played["players"] == ["Ann", "Bob"]
    assert played["result"] is None and played["finished"] is False
    assert [e["name"] for e in data["events_organised"]] == ["Event ana"]
    assert [r["event"] for r in data["registrations"]] == ["event-ana"]
    assert not {"list-bob", "card-bob", "event-bob", "bob@example.org"} & set(re.findall(r'"([^"]*)"', r.text))


def test_the_export_needs_a_live_session(client: TestClient) -> None:
    ana = sign_up(client, "Ana")
    assert client.get("/api/account/export", headers=ana["headers"]).status_code == 200  # positive control
    assert_error(client.get("/api/account/export"), 401, "account.signed_out")
    assert_error(client.get("/api/account/export", headers={"Authorization": "Bearer made-up"}), 401,
                 "account.signed_out")
    client.post("/api/account/sign-out", headers=ana["headers"])
    assert_error(client.get("/api/account/export", headers=ana["headers"]), 401, "account.signed_out")


def delete(client: TestClient, headers: dict[str, str] | None, password: str) -> Any:
    return client.request("DELETE", "/api/account", headers=headers or {}, json={"password": password})


def count(model: type, **where: str) -> int:
    with Session(deps.current().accounts.repo.engine) as s:
        statement = select(model)
        for field, value in where.items():
            statement = statement.where(getattr(model, field) == value)
        return len(s.exec(statement).all())


def test_deleting_the_account_deletes_its_data_and_keeps_the_games_and_others(client: TestClient) -> None:
    ana, bob = sign_up(client, "Ana"), sign_up(client, "Bob")
    game = new_game(client)
    give_data(client, ana, game, "ana")
    give_data(client, bob, game, "bob")
    client.post("/api/account/sign-in", json={"email": "ana@example.org", "password": "one wrong password"})
    ana_id = ana["account"]["id"]

    assert delete(client, ana["headers"], PASSWORD).status_code == 204
    assert count(Account, id=ana_id) == 0 and count(AccountSession, account_id=ana_id) == 0
    assert count(SignInFailure, email="ana@example.org") == 0
    assert count(ArmyList, owner=f"account:{ana_id}") == 0 and count(AccountCard, account_id=ana_id) == 0
    assert count(AccountGame, account_id=ana_id) == 0
    # events keep their history: Ana's registration that played stays without her name, her event without her
    assert count(EventPlayer, account_id=ana_id, name="") == 1 and count(EventPlayer, name="ana") == 0
    assert count(Event, organiser=ana_id) == 0 and count(EventPairing, event_id="event-ana") == 1
    with Session(deps.current().accounts.repo.engine) as s:
        kept = s.get(Event, "event-ana")
        assert kept is not None and kept.organiser is None  # read-only: nobody organises it any more
    assert_error(client.post("/api/account/sign-in", json={"email": "ana@example.org", "password": PASSWORD}),
                 422, "account.sign_in_failed")
    # the game stays, for the opponent; Bob's data is all there
    read = client.get(f"/api/games/{game['id']}", headers={"X-Token": game["tokens"]["table"]})
    assert read.status_code == 200
    bob_data = client.get("/api/account/export", headers=bob["headers"]).json()
    assert [len(bob_data[k]) for k in ("lists", "cards", "games", "events_organised", "registrations")] == [1] * 5
    assert count(EventPairing, event_id="event-bob") == 1


def test_deleting_needs_the_password_and_the_accounts_own_session(client: TestClient) -> None:
    ana, bob = sign_up(client, "Ana"), sign_up(client, "Bob")
    assert_error(delete(client, None, PASSWORD), 401, "account.signed_out")
    assert_error(delete(client, {"Authorization": "Bearer made-up"}, PASSWORD), 401, "account.signed_out")
    refused = assert_error(delete(client, ana["headers"], "not the password"), 422, "account.password_wrong")
    assert "nothing was deleted" in refused["message"]
    assert_error(delete(client, bob["headers"], "not bob's password"), 422, "account.password_wrong")
    assert client.get("/api/account", headers=ana["headers"]).status_code == 200  # nothing deleted
    client.post("/api/account/sign-out", headers=ana["headers"])
    assert_error(delete(client, ana["headers"], PASSWORD), 401, "account.signed_out")
    assert count(Account) == 2
    assert delete(client, bob["headers"], PASSWORD).status_code == 204  # positive control: Bob deletes Bob only
    assert [a.name for a in _accounts()] == ["Ana"]


def test_wrong_passwords_on_delete_count_toward_the_sign_in_limit(client: TestClient) -> None:
    ana = sign_up(client, "Ana")
    for _ in range(5):
        assert_error(delete(client, ana["headers"], "not the password"), 422, "account.password_wrong")
    assert_error(delete(client, ana["headers"], PASSWORD), 422, "account.too_many_attempts")
    assert count(Account) == 1


def _accounts() -> list[Account]:
    with Session(deps.current().accounts.repo.engine) as s:
        return list(s.exec(select(Account)).all())

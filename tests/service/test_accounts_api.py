"""Accounts through the REST API: sign up, sign in, sessions; on SQLite and PostgreSQL."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.service.site_client import PASSWORD, sign_up
from tests.service.test_api import assert_error


def test_sign_up_signs_in_and_the_session_names_the_account(client: TestClient) -> None:
    ana = sign_up(client, "Ana")
    r = client.get("/api/account", headers=ana["headers"])
    assert r.status_code == 200
    assert r.json() == {"id": ana["account"]["id"], "email": "ana@example.org", "name": "Ana"}


def test_an_email_has_one_account_whatever_its_case(client: TestClient) -> None:
    sign_up(client, "Ana")
    r = client.post("/api/account/sign-up", json={"email": "ANA@Example.org", "password": "another password",
                                                  "name": "A"})
    assert r.status_code == 201  # answered like a new account (the owner is mailed instead)
    assert_error(client.get("/api/account", headers={"Authorization": f"Bearer {r.json()['session']}"}), 401,
                 "account.signed_out")
    right = client.post("/api/account/sign-in", json={"email": "ana@example.org", "password": PASSWORD})
    assert right.json()["account"]["name"] == "Ana"


def test_sign_in_with_the_right_password_only(client: TestClient) -> None:
    sign_up(client, "Ana")
    right = client.post("/api/account/sign-in", json={"email": "ana@example.org", "password": PASSWORD})
    assert right.status_code == 200 and right.json()["account"]["name"] == "Ana"
    wrong = client.post("/api/account/sign-in", json={"email": "ana@example.org", "password": "not the one!"})
    nobody = client.post("/api/account/sign-in", json={"email": "bob@example.org", "password": PASSWORD})
    assert assert_error(wrong, 422, "account.sign_in_failed") == assert_error(nobody, 422, "account.sign_in_failed")


def test_a_short_password_or_a_bad_email_is_refused_and_nothing_is_stored(client: TestClient) -> None:
    short = client.post("/api/account/sign-up", json={"email": "ana@example.org", "password": "short", "name": "A"})
    assert_error(short, 422, "account.password_short")
    bad = client.post("/api/account/sign-up", json={"email": "not-an-email", "password": PASSWORD, "name": "A"})
    assert_error(bad, 422, "account.email_invalid")
    sign_up(client, "Ana")  # the email was not taken by the refused attempt


def test_without_a_session_or_after_sign_out_the_account_routes_answer_401(client: TestClient) -> None:
    ana = sign_up(client, "Ana")
    assert client.get("/api/account", headers=ana["headers"]).status_code == 200  # positive control
    assert_error(client.get("/api/account"), 401, "account.signed_out")
    assert_error(client.get("/api/account", headers={"Authorization": "Bearer made-up"}), 401, "account.signed_out")
    assert client.post("/api/account/sign-out", headers=ana["headers"]).status_code == 204
    assert_error(client.get("/api/account", headers=ana["headers"]), 401, "account.signed_out")


def test_the_password_is_stored_only_as_an_argon2_hash(client: TestClient) -> None:
    from webapp import deps

    ana = sign_up(client, "Ana")
    stored = deps.current().accounts.repo.get(ana["account"]["id"])
    assert stored is not None and PASSWORD not in stored.password_hash
    assert stored.password_hash.startswith("$argon2")

"""Sign-in is rate-limited: five failures for one email within 15 minutes refuse every sign-in for a while, the right
password too; the count is in the database, so every server process sees it. On SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from fastapi.testclient import TestClient

from models.db.engine import make_engine, migrate
from models.service.accounts import ADDRESS_TRIES, SIGN_IN_TRIES, AccountService
from models.service.errors import SiteError
from models.service.mailer import Mailer
from tests.service.site_client import PASSWORD, sign_up
from tests.service.test_api import assert_error
from webapp import deps


def attempt(client: TestClient, password: str, email: str = "ana@example.org") -> object:
    return client.post("/api/account/sign-in", json={"email": email, "password": password})


def test_the_right_password_works_after_four_failures_and_not_after_five(client: TestClient) -> None:
    sign_up(client, "Ana")
    for _ in range(SIGN_IN_TRIES - 1):
        assert_error(attempt(client, "a wrong password"), 422, "account.sign_in_failed")
    assert attempt(client, PASSWORD).status_code == 200  # positive control: the 5th attempt, right, works
    assert_error(attempt(client, "a wrong password"), 422, "account.sign_in_failed")  # the 5th failure
    refused = assert_error(attempt(client, PASSWORD), 422, "account.too_many_attempts")
    assert "try again in 15 minutes" in refused["message"]


def test_the_limit_lifts_when_the_failures_are_older_than_15_minutes(client: TestClient) -> None:
    sign_up(client, "Ana")
    accounts = deps.current().accounts
    start = datetime.now(UTC)
    accounts.clock = lambda: start
    for _ in range(SIGN_IN_TRIES):
        attempt(client, "a wrong password")
    accounts.clock = lambda: start + timedelta(minutes=14)
    assert "try again in 1 minute," in assert_error(attempt(client, PASSWORD), 422, "account.too_many_attempts")[
        "message"]
    accounts.clock = lambda: start + timedelta(minutes=15, seconds=1)
    assert attempt(client, PASSWORD).status_code == 200


def test_another_email_is_not_limited_by_failures_of_the_first(client: TestClient) -> None:
    sign_up(client, "Ana")
    sign_up(client, "Bob")
    for _ in range(SIGN_IN_TRIES):
        attempt(client, "a wrong password")
    assert_error(attempt(client, PASSWORD), 422, "account.too_many_attempts")
    assert attempt(client, PASSWORD, "bob@example.org").status_code == 200


def test_an_unknown_email_is_limited_like_a_known_one(client: TestClient) -> None:
    for _ in range(SIGN_IN_TRIES):
        assert_error(attempt(client, PASSWORD, "nobody@example.org"), 422, "account.sign_in_failed")
    assert_error(attempt(client, PASSWORD, "nobody@example.org"), 422, "account.too_many_attempts")


def test_every_server_process_sees_the_same_count(db_url: str) -> None:
    engines = [make_engine(db_url), make_engine(db_url)]
    migrate(engines[0])
    one, other = (AccountService(e, Mailer(None)) for e in engines)
    try:
        one.sign_up("ana@example.org", PASSWORD, "Ana")
        for i in range(SIGN_IN_TRIES):
            with pytest.raises(SiteError, match="do not match"):
                (one if i % 2 else other).sign_in("ana@example.org", "a wrong password")
        for service in (one, other):
            with pytest.raises(SiteError) as refused:
                service.sign_in("ana@example.org", PASSWORD)
            assert refused.value.code == "account.too_many_attempts"
    finally:
        for e in engines:
            e.dispose()


def test_one_client_address_trying_many_emails_is_limited(client: TestClient) -> None:
    sign_up(client, "Ana")
    for i in range(ADDRESS_TRIES):
        attempt(client, PASSWORD, f"guess{i}@example.org")
    assert_error(attempt(client, PASSWORD), 422, "account.too_many_attempts")
    accounts = deps.current().accounts
    assert accounts.sign_in("ana@example.org", PASSWORD, address="203.0.113.9")[0].name == "Ana"  # elsewhere

"""Password reset by a one-time token: asked for by email with the same answer whether or not the email has an account;
the link is mailed through SMTP (a real local server here) or logged; it works once, for an hour, and ends every session
of the account. On SQLite and PostgreSQL."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword
from fastapi.testclient import TestClient

from models.service.accounts import RESET_EMAIL_MOST, RESET_LIVE_MAX
from models.service.mailer import Mailer, SmtpSettings
from tests.e2e.conftest import free_port
from tests.service.site_client import PASSWORD, Inbox, sign_up, site_client
from tests.service.test_api import assert_error
from webapp import deps

NEW_PASSWORD = "a brand new password"
LINK = re.compile(r"http://localhost:\d+/account/reset/([\w-]+)")


@pytest.fixture
def client(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.delenv("TABLEKEEPER_SMTP_HOST", raising=False)
    monkeypatch.delenv("TABLEKEEPER_SITE_URL", raising=False)
    with site_client(db_url, monkeypatch) as c:
        yield c


def ask(client: TestClient, email: str = "ana@example.org") -> Any:
    return client.post("/api/account/reset-request", json={"email": email})


def logged_tokens(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [m for r in caplog.records if r.levelno == logging.WARNING for m in LINK.findall(r.getMessage())]


def test_without_smtp_the_link_is_logged_and_sets_a_new_password_once(
        client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    ana = sign_up(client, "Ana")
    with caplog.at_level(logging.WARNING, logger="tablekeeper.mail"):
        assert ask(client).status_code == 202
    [token] = logged_tokens(caplog)
    assert client.post("/api/account/reset", json={"token": token, "password": NEW_PASSWORD}).status_code == 204
    assert_error(client.get("/api/account", headers=ana["headers"]), 401, "account.signed_out")  # sessions ended
    assert_error(client.post("/api/account/sign-in", json={"email": "ana@example.org", "password": PASSWORD}),
                 422, "account.sign_in_failed")
    assert client.post("/api/account/sign-in", json={"email": "ana@example.org", "password": NEW_PASSWORD}
                       ).status_code == 200
    again = client.post("/api/account/reset", json={"token": token, "password": "yet another password"})
    assert_error(again, 422, "account.reset_invalid")


def test_the_answer_is_the_same_whether_or_not_the_email_has_an_account(
        client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    sign_up(client, "Ana")
    with caplog.at_level(logging.WARNING, logger="tablekeeper.mail"):
        known, unknown = ask(client), ask(client, "nobody@example.org")
    assert (known.status_code, known.json()) == (unknown.status_code, unknown.json())
    assert len(logged_tokens(caplog)) == 1  # a link for the account only


def test_a_token_is_stored_only_as_a_hash(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    from sqlmodel import Session, select

    from models.db.tables import ResetToken

    sign_up(client, "Ana")
    with caplog.at_level(logging.WARNING, logger="tablekeeper.mail"):
        ask(client)
    [token] = logged_tokens(caplog)
    with Session(deps.current().accounts.repo.engine) as s:
        stored = s.exec(select(ResetToken)).one()
    assert token not in stored.hash and len(stored.hash) == 64


def test_a_link_older_than_an_hour_or_made_up_does_not_work(
        client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    sign_up(client, "Ana")
    with caplog.at_level(logging.WARNING, logger="tablekeeper.mail"):
        ask(client)
    [token] = logged_tokens(caplog)
    accounts = deps.current().accounts
    accounts.clock = lambda: datetime.now(UTC) + timedelta(hours=1, seconds=1)
    assert_error(client.post("/api/account/reset", json={"token": token, "password": NEW_PASSWORD}),
                 422, "account.reset_invalid")
    assert_error(client.post("/api/account/reset", json={"token": "made-up", "password": NEW_PASSWORD}),
                 422, "account.reset_invalid")
    accounts.clock = lambda: datetime.now(UTC)
    short = client.post("/api/account/reset", json={"token": token, "password": "short"})
    assert_error(short, 422, "account.password_short")  # and the token still works:
    assert client.post("/api/account/reset", json={"token": token, "password": NEW_PASSWORD}).status_code == 204


def test_asking_again_and_again_sends_a_few_links_only(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    sign_up(client, "Ana")
    with caplog.at_level(logging.WARNING, logger="tablekeeper.mail"):
        for _ in range(RESET_EMAIL_MOST):
            assert ask(client).status_code == 202
    assert len(logged_tokens(caplog)) == RESET_LIVE_MAX


def test_a_bad_email_is_refused_in_our_words(client: TestClient) -> None:
    assert_error(ask(client, "not an email"), 422, "account.email_invalid")


def test_a_reset_clears_the_sign_in_limit(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    sign_up(client, "Ana")
    for _ in range(5):
        client.post("/api/account/sign-in", json={"email": "ana@example.org", "password": "a wrong password"})
    with caplog.at_level(logging.WARNING, logger="tablekeeper.mail"):
        ask(client)
    [token] = logged_tokens(caplog)
    assert client.post("/api/account/reset", json={"token": token, "password": NEW_PASSWORD}).status_code == 204
    assert client.post("/api/account/sign-in", json={"email": "ana@example.org", "password": NEW_PASSWORD}
                       ).status_code == 200


def only_tablekeeper(server: Any, session: Any, envelope: Any, mechanism: str, auth_data: Any) -> AuthResult:
    ok = isinstance(auth_data, LoginPassword) and (auth_data.login, auth_data.password) == (b"tk", b"secret")
    return AuthResult(success=ok)


def test_with_smtp_the_link_is_mailed_through_a_real_server(client: TestClient) -> None:
    sign_up(client, "Ana")
    inbox, port = Inbox(), free_port()
    smtp = Controller(inbox, hostname="127.0.0.1", port=port, authenticator=only_tablekeeper,
                      auth_require_tls=False)
    smtp.start()
    try:
        deps.current().accounts.mailer = Mailer.from_env({
            "TABLEKEEPER_SMTP_HOST": "127.0.0.1", "TABLEKEEPER_SMTP_PORT": str(port), "TABLEKEEPER_SMTP_USER": "tk",
            "TABLEKEEPER_SMTP_PASSWORD": "secret", "TABLEKEEPER_SMTP_FROM": "site@example.org",
            "TABLEKEEPER_SMTP_STARTTLS": "false", "TABLEKEEPER_SITE_URL": "https://tables.example.org/"})
        assert ask(client).status_code == 202
    finally:
        smtp.stop()
    [mail] = inbox.messages
    assert (mail["To"], mail["From"]) == ("ana@example.org", "site@example.org")
    body = mail.get_payload(decode=True).decode()
    [token] = re.findall(r"https://tables\.example\.org/account/reset/([\w-]+)", body)
    assert client.post("/api/account/reset", json={"token": token, "password": NEW_PASSWORD}).status_code == 204


def test_a_mail_server_that_refuses_us_changes_nothing_in_the_answer(
        client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    sign_up(client, "Ana")
    deps.current().accounts.mailer = Mailer(SmtpSettings(host="127.0.0.1", port=free_port(), starttls=False),
                                            "https://tables.example.org")
    with caplog.at_level(logging.ERROR, logger="tablekeeper.mail"):
        assert ask(client).status_code == 202
    assert any("Could not send mail" in r.getMessage() for r in caplog.records)

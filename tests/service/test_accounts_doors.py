"""The accounts' doors under an attacker: a reset link never follows the request's Host header, the sign-in limit
holds against a parallel burst, sign-ups and reset requests are limited, a lock counts per
client address first and a reset lifts it, a reset ends every other reset link, and neither the sign-up nor the
reset request answer tells whether an email has an account. On SQLite and PostgreSQL."""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from sqlalchemy import Engine

from models.service import accounts as accounts_module
from models.service.accounts import (
    RESET_ADDRESS_MOST,
    SIGN_IN_TRIES,
    SIGN_UP_ADDRESS_MOST,
    AccountService,
)
from models.service.errors import SiteError
from models.service.mailer import Mailer
from tests.e2e.conftest import free_port
from tests.service.parallel import burst
from tests.service.site_client import PASSWORD, sign_up, site_client
from tests.service.test_api import assert_error
from webapp import deps

NEW_PASSWORD = "a brand new password"
ANY_LINK = re.compile(r"(\S+)/account/reset/([\w-]+)")


@pytest.fixture
def client(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    for name in ("TABLEKEEPER_SMTP_HOST", "TABLEKEEPER_SITE_URL", "HOST", "PORT"):
        monkeypatch.delenv(name, raising=False)
    with site_client(db_url, monkeypatch) as c:
        yield c


@pytest.fixture
def two_processes(engines: list[Engine]) -> list[AccountService]:
    """The accounts of two server processes on one database (each with its own engine)."""
    return [AccountService(e, Mailer(None)) for e in engines]


def links(caplog: pytest.LogCaptureFixture) -> list[tuple[str, str]]:
    return [found for r in caplog.records for found in ANY_LINK.findall(r.getMessage())]


def ask(client: TestClient, email: str = "ana@example.org", **headers: str) -> Any:
    return client.post("/api/account/reset-request", json={"email": email}, headers=headers)


def test_a_reset_link_never_follows_the_requests_host_header(
        client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    sign_up(client, "Ana")
    with caplog.at_level(logging.WARNING, logger="tablekeeper.mail"):
        assert ask(client, host="evil.example").status_code == 202
    [(site, token)] = links(caplog)
    assert site == "http://localhost:8080"  # a server without SMTP logs links to this machine
    assert client.post("/api/account/reset", json={"token": token, "password": NEW_PASSWORD}).status_code == 204


def test_the_configured_site_address_is_the_only_one_a_link_names(
        client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    sign_up(client, "Ana")
    deps.current().accounts.mailer = Mailer.from_env({"TABLEKEEPER_SITE_URL": "https://tables.example.org/"})
    with caplog.at_level(logging.WARNING, logger="tablekeeper.mail"):
        ask(client, host="evil.example")
    assert [site for site, _ in links(caplog)] == ["https://tables.example.org"]


def test_a_site_that_mails_without_a_site_address_refuses_to_send_a_link(
        client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    sign_up(client, "Ana")
    smtp = {"TABLEKEEPER_SMTP_HOST": "127.0.0.1", "TABLEKEEPER_SMTP_PORT": str(free_port()),
            "TABLEKEEPER_SMTP_STARTTLS": "false"}
    with caplog.at_level(logging.WARNING, logger="tablekeeper.mail"):
        deps.current().accounts.mailer = Mailer.from_env(smtp)  # the operator is told at start-up
        assert ask(client, host="evil.example").status_code == 202  # the same answer as ever
    said = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
    assert any("TABLEKEEPER_SITE_URL is not" in m and "refused" in m for m in said) and len(said) == 2
    assert not any("Could not send mail" in m for m in said)  # no mail was even tried
    caplog.clear()
    deps.current().accounts.mailer = Mailer.from_env({**smtp, "TABLEKEEPER_SITE_URL": "https://tables.example.org"})
    with caplog.at_level(logging.ERROR, logger="tablekeeper.mail"):
        ask(client)  # positive control: with the address set, the mail is tried (no server listens there)
    assert any("Could not send mail" in r.getMessage() for r in caplog.records)


class Watched:
    """The service's argon2 hasher, watched: which passwords it checks and how many hashes run at once."""

    def __init__(self, hasher: Any) -> None:
        self.hasher, self.checked, self.running, self.most = hasher, list[str](), 0, 0
        self.lock = threading.Lock()

    def _at_once(self, work: Callable[[], Any]) -> Any:
        with self.lock:
            self.running += 1
            self.most = max(self.most, self.running)
        try:
            return work()
        finally:
            with self.lock:
                self.running -= 1

    def verify(self, hashed: str, password: str) -> bool:
        self.checked.append(password)
        return bool(self._at_once(lambda: self.hasher.verify(hashed, password)))

    def hash(self, password: str) -> str:
        return str(self._at_once(lambda: self.hasher.hash(password)))

    def check_needs_rehash(self, hashed: str) -> bool:
        return bool(self.hasher.check_needs_rehash(hashed))


@pytest.fixture
def hasher(monkeypatch: pytest.MonkeyPatch) -> Watched:
    watched = Watched(accounts_module._hasher)
    monkeypatch.setattr(accounts_module, "_hasher", watched)
    return watched


def test_a_parallel_burst_of_30_sign_ins_checks_at_most_5_wrong_passwords(
        two_processes: list[AccountService], hasher: Watched) -> None:
    """The owner's right password may be among the burst: it takes its attempt back, so one more wrong guess may
    be checked after it, as when the owner signs in just before an attacker's five tries."""
    one, other = two_processes
    one.sign_up("ana@example.org", PASSWORD, "Ana")
    checked = hasher.checked
    assert one.sign_in("ana@example.org", PASSWORD, "198.51.100.7")[0].name == "Ana"  # positive control: counted
    assert checked == [PASSWORD]
    checked.clear()
    guesses = [f"wrong guess {i}" for i in range(29)] + [PASSWORD]
    answers = burst([lambda g=g, i=i: (one, other)[i % 2].sign_in("ana@example.org", g, "198.51.100.7")
                     for i, g in enumerate(guesses)])
    wrong_checked = [g for g in checked if g != PASSWORD]
    assert len(wrong_checked) <= SIGN_IN_TRIES, f"{len(wrong_checked)} wrong passwords checked in a burst of 30"
    assert answers.count("account.sign_in_failed") == len(wrong_checked)
    assert answers.count("account.too_many_attempts") == 30 - len(checked)
    if PASSWORD not in checked:
        assert answers[-1] == "account.too_many_attempts"


def test_a_prankster_elsewhere_does_not_lock_the_owner_out(two_processes: list[AccountService]) -> None:
    accounts = two_processes[0]
    accounts.sign_up("ana@example.org", PASSWORD, "Ana")
    for _ in range(SIGN_IN_TRIES):
        with pytest.raises(SiteError):
            accounts.sign_in("ana@example.org", "a wrong password", "203.0.113.66")
    with pytest.raises(SiteError) as locked:  # positive control: the prankster's own address is locked out
        accounts.sign_in("ana@example.org", PASSWORD, "203.0.113.66")
    assert locked.value.code == "account.too_many_attempts"
    assert accounts.sign_in("ana@example.org", PASSWORD, "198.51.100.7")[0].name == "Ana"  # the owner, elsewhere


def test_a_locked_owner_is_told_how_to_get_back_in_and_a_reset_lifts_the_lock(
        two_processes: list[AccountService]) -> None:
    accounts = two_processes[0]
    accounts.sign_up("ana@example.org", PASSWORD, "Ana")
    for _ in range(SIGN_IN_TRIES):
        with pytest.raises(SiteError):
            accounts.sign_in("ana@example.org", "a wrong password", "198.51.100.7")
    with pytest.raises(SiteError) as locked:
        accounts.sign_in("ana@example.org", PASSWORD, "198.51.100.7")
    assert "Forgot your password?" in locked.value.message and "lifts the lock" in locked.value.message
    mail = accounts.reset_mail("ana@example.org")
    assert mail is not None
    accounts.reset(mail.body.split("/account/reset/")[1].split()[0], NEW_PASSWORD)
    assert accounts.sign_in("ana@example.org", NEW_PASSWORD, "198.51.100.7")[0].name == "Ana"


def test_a_reset_ends_every_other_reset_link(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    sign_up(client, "Ana")
    with caplog.at_level(logging.WARNING, logger="tablekeeper.mail"):
        ask(client)
        ask(client)
    (_, first), (_, second) = links(caplog)
    assert client.post("/api/account/reset", json={"token": first, "password": NEW_PASSWORD}).status_code == 204
    assert_error(client.post("/api/account/reset", json={"token": second, "password": "the attacker's one"}), 422,
                 "account.reset_invalid")
    assert client.post("/api/account/sign-in", json={"email": "ana@example.org", "password": NEW_PASSWORD}
                       ).status_code == 200


def test_a_second_link_works_while_the_first_is_unused(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    sign_up(client, "Ana")  # positive control of the test above: links are not single by themselves
    with caplog.at_level(logging.WARNING, logger="tablekeeper.mail"):
        ask(client)
        ask(client)
    _, second = links(caplog)[1]
    assert client.post("/api/account/reset", json={"token": second, "password": NEW_PASSWORD}).status_code == 204


def test_sign_ups_from_one_address_are_limited(client: TestClient) -> None:
    answers = [client.post("/api/account/sign-up", json={
        "email": f"p{i}@example.org", "password": PASSWORD, "name": f"P{i}"}).status_code
        for i in range(SIGN_UP_ADDRESS_MOST + 2)]
    assert answers == [201] * SIGN_UP_ADDRESS_MOST + [422, 422]
    refused = client.post("/api/account/sign-up", json={"email": "late@example.org", "password": PASSWORD,
                                                        "name": "Late"})
    assert "try again in" in assert_error(refused, 422, "account.too_many_sign_ups")["message"]
    accounts = deps.current().accounts
    assert accounts.sign_up("late@example.org", PASSWORD, "Late", "198.51.100.7")[0].name == "Late"  # elsewhere


def test_a_sign_in_does_not_clear_the_hour_that_counts_sign_ups(engine: Engine) -> None:
    """A sign-in's count looks back 15 minutes, a sign-up's an hour: tidying the first must not forget the second."""
    accounts, hall, start = AccountService(engine, Mailer(None)), "203.0.113.9", datetime(2030, 1, 1, tzinfo=UTC)
    accounts.clock = lambda: start
    for i in range(SIGN_UP_ADDRESS_MOST):
        accounts.sign_up(f"p{i}@example.org", PASSWORD, f"P{i}", hall)
    accounts.clock = lambda: start + timedelta(minutes=20)
    with pytest.raises(SiteError, match="do not match"):
        accounts.sign_in("p0@example.org", "a wrong password", hall)
    with pytest.raises(SiteError, match="Too many sign-ups"):
        accounts.sign_up("late@example.org", PASSWORD, "Late", hall)
    accounts.clock = lambda: start + timedelta(hours=1, seconds=1)
    assert accounts.sign_up("late@example.org", PASSWORD, "Late", hall)[0].name == "Late"  # the hour has passed


def test_a_hash_made_with_other_settings_is_remade_at_the_next_right_sign_in(engine: Engine) -> None:
    accounts = AccountService(engine, Mailer(None))
    ana, _ = accounts.sign_up("ana@example.org", PASSWORD, "Ana")
    older = PasswordHasher(time_cost=2, memory_cost=1024, parallelism=2).hash(PASSWORD)
    accounts.repo.rehash(ana.id, stored_hash(accounts, ana.id), older)
    with pytest.raises(SiteError, match="do not match"):
        accounts.sign_in("ana@example.org", "a wrong password")
    assert stored_hash(accounts, ana.id) == older  # positive control: a wrong password remakes nothing
    accounts.sign_in("ana@example.org", PASSWORD)
    remade = stored_hash(accounts, ana.id)
    assert remade != older and not accounts_module._hasher.check_needs_rehash(remade)
    assert accounts.sign_in("ana@example.org", PASSWORD)[0].id == ana.id


def stored_hash(accounts: AccountService, account_id: str) -> str:
    stored = accounts.repo.get(account_id)
    assert stored is not None
    return stored.password_hash


def test_reset_requests_from_one_address_are_limited(client: TestClient) -> None:
    answers = [ask(client, f"p{i}@example.org").status_code for i in range(RESET_ADDRESS_MOST + 1)]
    assert answers == [202] * RESET_ADDRESS_MOST + [422]
    assert_error(ask(client, "p0@example.org"), 422, "account.too_many_resets")


def test_sign_up_with_a_taken_email_answers_like_a_new_one_and_mails_the_owner(
        client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    sign_up(client, "Ana")
    with caplog.at_level(logging.WARNING, logger="tablekeeper.mail"):
        taken = client.post("/api/account/sign-up", json={"email": "ana@example.org", "password": "guessing here",
                                                          "name": "Eve"})
        new = client.post("/api/account/sign-up", json={"email": "bob@example.org", "password": "guessing here",
                                                        "name": "Eve"})
    assert taken.status_code == new.status_code == 201
    assert taken.json().keys() == new.json().keys() and taken.json()["account"]["name"] == "Eve"
    [mail] = [r.getMessage() for r in caplog.records]
    assert "To: ana@example.org" in mail and "has an account already" in mail
    assert client.post("/api/account/sign-in", json={"email": "ana@example.org", "password": PASSWORD}
                       ).json()["account"]["name"] == "Ana"  # the account is untouched


def test_a_reset_request_does_the_same_work_for_known_and_unknown_emails(
        two_processes: list[AccountService], monkeypatch: pytest.MonkeyPatch) -> None:
    accounts = two_processes[0]
    accounts.sign_up("ana@example.org", PASSWORD, "Ana")
    calls: list[str] = []
    for name in ("by_email", "get", "add_reset_token", "reserve"):
        method = getattr(accounts.repo, name)
        monkeypatch.setattr(accounts.repo, name, lambda *a, _m=method, _n=name, **k: calls.append(_n) or _m(*a, **k))
    sent: list[object] = []
    monkeypatch.setattr(accounts.mailer, "send", sent.append)
    known = accounts.request_reset("ana@example.org", "198.51.100.7")
    known_calls, calls[:] = list(calls), []
    unknown = accounts.request_reset("nobody@example.org", "198.51.100.7")
    assert known_calls == calls == ["reserve"]  # before the answer: the same work for both
    known()
    unknown()
    assert len(sent) == 1  # positive control: after the answer, the known email gets its link


def test_the_longest_email_is_limited_like_any_other(client: TestClient) -> None:
    email = "a" * (254 - len("@example.org")) + "@example.org"  # the longest an email may be
    assert client.post("/api/account/sign-up", json={"email": email, "password": PASSWORD, "name": "Al"}
                       ).status_code == 201
    assert ask(client, email).status_code == 202
    assert_error(client.post("/api/account/sign-up", json={"email": "b" + email, "password": PASSWORD, "name": "B"}),
                 422, "request.invalid")  # positive control: one more character is refused as input

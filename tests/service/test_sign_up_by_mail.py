"""Sign-up on a site that sends mail: a taken email and a free one get the same answer after the same work, nothing is
made until the mailed link is opened with the password chosen, the link works once and within a day, and its token is
kept only as a hash. A site without mail signs in at once (tests/service/test_accounts_doors.py). On SQLite and
PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from models.db.tables import PendingSignUp
from models.service import accounts as accounts_module
from models.service.accounts import SIGN_UP_ADDRESS_MOST, SIGN_UP_LIFETIME, AccountService, MailSent
from models.service.mailer import Mailer, SmtpSettings
from tests.service.site_client import PASSWORD, Outbox, sign_up, site_client
from tests.service.test_api import assert_error
from webapp import deps

ANSWER = {"status": "check your mail"}


@pytest.fixture
def outbox() -> Outbox:
    return Outbox()


@pytest.fixture
def client(db_url: str, monkeypatch: pytest.MonkeyPatch, outbox: Outbox) -> Iterator[TestClient]:
    """The site, with Ana's account made before it sent mail, then sending mail into ``outbox``."""
    for name in ("TABLEKEEPER_SMTP_HOST", "TABLEKEEPER_SITE_URL"):
        monkeypatch.delenv(name, raising=False)
    with site_client(db_url, monkeypatch) as c:
        sign_up(c, "Ana")
        deps.current().accounts.mailer = outbox
        yield c


def ask(client: TestClient, email: str, password: str = PASSWORD, name: str = "Bob") -> Any:
    return client.post("/api/account/sign-up", json={"email": email, "password": password, "name": name})


def confirm(client: TestClient, token: str, password: str = PASSWORD) -> Any:
    return client.post("/api/account/confirm", json={"token": token, "password": password})


def signs_in(client: TestClient, email: str, password: str = PASSWORD) -> bool:
    return client.post("/api/account/sign-in", json={"email": email, "password": password}).status_code == 200


def test_a_taken_and_a_free_email_get_the_same_answer_and_the_mail_says_what_happened(
        client: TestClient, outbox: Outbox) -> None:
    taken, free = ask(client, "ana@example.org", "guessing here"), ask(client, "bob@example.org")
    assert (taken.status_code, free.status_code) == (202, 202)
    assert taken.json() == {**ANSWER, "email": "ana@example.org"} and free.json() == {**ANSWER, "email":
                                                                                       "bob@example.org"}
    assert not signs_in(client, "bob@example.org")  # nothing is made before the link is opened
    [to_ana, to_bob] = outbox.mails
    assert to_ana.to == "ana@example.org" and "has an account already, so none was made" in to_ana.body
    assert "/account/confirm/" not in to_ana.body and "Forgot your password?" in to_ana.body
    assert "https://tables.example.org/account/confirm/" in to_bob.body
    made = confirm(client, outbox.link("bob@example.org"))  # positive control: the link makes Bob's account
    assert made.status_code == 200, made.text
    session = {"Authorization": f"Bearer {made.json()['session']}"}
    assert client.get("/api/account", headers=session).json()["name"] == "Bob"
    assert signs_in(client, "bob@example.org") and signs_in(client, "ana@example.org")  # Ana's is untouched


class Watched:
    """What a sign-up does before its answer: the repository's and the hasher's calls, in order."""

    def __init__(self, accounts: AccountService, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[str] = []
        for name in ("by_email", "add", "reserve", "add_pending", "add_session"):
            method = getattr(accounts.repo, name)
            monkeypatch.setattr(accounts.repo, name, self._watch(name, method))
        monkeypatch.setattr(accounts_module, "_hash", self._watch("hash", accounts_module._hash))

    def _watch(self, name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        return lambda *a, **k: self.calls.append(name) or method(*a, **k)

    def taken(self) -> list[str]:
        calls, self.calls[:] = list(self.calls), []
        return calls


def test_before_its_answer_a_sign_up_does_the_same_work_for_a_taken_and_a_free_email(
        client: TestClient, outbox: Outbox, monkeypatch: pytest.MonkeyPatch) -> None:
    accounts = deps.current().accounts
    watched, after = Watched(accounts, monkeypatch), list[Callable[[], None]]()
    assert accounts.sign_up("ana@example.org", "guessing here", "Eve", "198.51.100.7", after.append) == MailSent(
        "ana@example.org")
    taken = watched.taken()
    assert accounts.sign_up("bob@example.org", PASSWORD, "Bob", "198.51.100.7", after.append) == MailSent(
        "bob@example.org")
    assert taken == watched.taken() == ["reserve", "hash"]  # counted, then hashed: nothing looked up
    assert outbox.mails == []
    for step in after:
        step()
    assert watched.taken() == ["by_email", "by_email", "add_pending"]  # positive control: the steps differ after
    assert [m.to for m in outbox.mails] == ["ana@example.org", "bob@example.org"]


def test_without_mail_the_same_sign_up_signs_in_at_once(client: TestClient) -> None:
    """The other side of the trade-off: a site that sends no mail cannot confirm an email (docs/DEPLOY.md)."""
    deps.current().accounts.mailer = Mailer(None)
    made = ask(client, "bob@example.org")
    assert made.status_code == 201 and made.json()["account"]["name"] == "Bob"
    assert signs_in(client, "bob@example.org")


def test_the_link_works_once(client: TestClient, outbox: Outbox) -> None:
    ask(client, "bob@example.org")
    token = outbox.link("bob@example.org")
    assert confirm(client, token).status_code == 200
    again = assert_error(confirm(client, token), 422, "account.confirm_invalid")
    assert again["message"].startswith("This link was used already or is out of date")


def test_a_link_a_day_old_or_made_up_makes_nothing(client: TestClient, outbox: Outbox) -> None:
    ask(client, "bob@example.org")
    token, accounts = outbox.link("bob@example.org"), deps.current().accounts
    accounts.clock = lambda: datetime.now(UTC) + SIGN_UP_LIFETIME + timedelta(seconds=1)
    assert_error(confirm(client, token), 422, "account.confirm_invalid")
    assert_error(confirm(client, "made-up"), 422, "account.confirm_invalid")
    assert not signs_in(client, "bob@example.org")
    accounts.clock = lambda: datetime.now(UTC) + SIGN_UP_LIFETIME - timedelta(minutes=1)
    assert confirm(client, token).status_code == 200  # positive control: the same link, within its day


def test_a_wrong_password_leaves_the_link_unused(client: TestClient, outbox: Outbox) -> None:
    ask(client, "bob@example.org")
    token = outbox.link("bob@example.org")
    assert_error(confirm(client, token, "not the password"), 422, "account.confirm_password")
    assert not signs_in(client, "bob@example.org")
    assert confirm(client, token).status_code == 200


def test_a_strangers_sign_up_with_my_email_makes_no_account_with_their_password(
        client: TestClient, outbox: Outbox) -> None:
    """A stranger signs up with Bob's email first, hoping Bob opens that link and they keep a way in."""
    ask(client, "bob@example.org", "the stranger's password", "Bob")
    strangers = outbox.link("bob@example.org")
    ask(client, "bob@example.org")
    assert_error(confirm(client, strangers), 422, "account.confirm_password")  # Bob types his own password
    assert confirm(client, outbox.link("bob@example.org")).status_code == 200  # positive control: his own link
    assert_error(confirm(client, strangers, "the stranger's password"), 422, "account.confirm_invalid")
    assert not signs_in(client, "bob@example.org", "the stranger's password")


def test_the_token_is_kept_only_as_a_hash(client: TestClient, outbox: Outbox) -> None:
    ask(client, "bob@example.org")
    with Session(deps.current().engine) as s:
        kept = s.exec(select(PendingSignUp)).one()
    token = outbox.link("bob@example.org")
    assert token not in kept.hash and len(kept.hash) == 64 and PASSWORD not in kept.password_hash


def test_sign_ups_are_counted_before_any_hash(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    hashed: list[str] = []
    monkeypatch.setattr(accounts_module, "_hash", lambda p: hashed.append(p) or "$argon2-not-really")
    left = SIGN_UP_ADDRESS_MOST - 1  # Ana's sign-up counted one
    answers = [ask(client, f"p{i}@example.org").status_code for i in range(left + 1)]
    assert answers == [202] * left + [422]
    assert len(hashed) == left  # the refused one hashed nothing
    assert_error(ask(client, "late@example.org"), 422, "account.too_many_sign_ups")


def test_a_site_that_mails_without_its_address_refuses_every_sign_up_alike(client: TestClient) -> None:
    deps.current().accounts.mailer = Mailer(SmtpSettings(host="mail.example.org"))
    for email in ("ana@example.org", "bob@example.org"):
        assert_error(ask(client, email), 422, "account.sign_up_closed")
    deps.current().accounts.mailer = Outbox()
    assert ask(client, "bob@example.org").status_code == 202  # positive control: with the address set

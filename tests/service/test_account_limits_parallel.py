"""The accounts' count-then-write limits hold under parallel requests from two server processes on one database:
at most 3 unused reset links per account, reset requests per client address, sign-ups per client address (sign-in
attempts: tests/service/test_accounts_doors.py, the burst of 30). Each test has a positive control: the same burst
against a count and a write made in two steps (every request counts before any writes) passes the limit. On SQLite
and PostgreSQL."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

import pytest
from sqlalchemy import Engine, func
from sqlmodel import Session, col, select

from models.db.account_repository import AccountRepository, Reserved
from models.db.tables import ResetToken, SignInFailure
from models.service.accounts import RESET_ADDRESS_MOST, RESET_LIVE_MAX, SIGN_UP_ADDRESS_MOST, AccountService
from models.service.mailer import Mailer
from tests.service.parallel import burst, counted_first

PASSWORD = "correct horse battery"
BURST = 8


@pytest.fixture
def sites(engines: list[Engine]) -> list[AccountService]:
    """The accounts of two server processes on one database (each with its own engine)."""
    return [AccountService(e, Mailer(None)) for e in engines]


def two_steps(sites: list[AccountService], monkeypatch: pytest.MonkeyPatch, parties: int) -> None:
    """The positive controls' repositories: each limit counted in one transaction and written in another, every
    request counting before any writes (a barrier between the two steps, so the race always happens)."""
    between = counted_first(parties)

    def add_reset_token(repo: AccountRepository, token: ResetToken, at: datetime, most: int) -> bool:
        with Session(repo.engine) as s:
            live = s.exec(select(func.count()).select_from(ResetToken).where(
                ResetToken.account_id == token.account_id, col(ResetToken.used).is_(False),
                ResetToken.expires > at)).one()
        between()
        if live >= most:
            return False
        with Session(repo.engine) as s:
            s.add(token)
            s.commit()
        return True

    def reserve(repo: AccountRepository, limits: Sequence[tuple[str, int]], at: datetime,
                window: timedelta) -> Reserved:
        with Session(repo.engine) as s:
            full = any(len(list(s.exec(select(SignInFailure.id).where(SignInFailure.email == key,
                                                                      SignInFailure.at >= at - window)))) >= most
                       for key, most in limits)
        between()
        if full:
            return Reserved((), at + window)
        with Session(repo.engine) as s:
            s.add_all([SignInFailure(email=key, at=at) for key, _ in limits])
            s.commit()
        return Reserved((), None)

    for site in sites:
        monkeypatch.setattr(site.repo, "add_reset_token", lambda *a, _r=site.repo: add_reset_token(_r, *a))
        monkeypatch.setattr(site.repo, "reserve", lambda *a, _r=site.repo: reserve(_r, *a))


def reset_links(sites: list[AccountService]) -> int:
    """Reset links mailed to Ana's account by a burst of BURST requests at once, half through each process."""
    return sum(mail is not None for mail in burst([lambda i=i: sites[i % 2].reset_mail("ana@example.org")
                                                   for i in range(BURST)]))


def test_a_burst_of_reset_requests_mails_at_most_3_links(sites: list[AccountService]) -> None:
    sites[0].sign_up("ana@example.org", PASSWORD, "Ana")
    assert reset_links(sites) == RESET_LIVE_MAX


def test_a_reset_link_cap_counted_apart_from_its_write_is_passed_by_a_burst(
        sites: list[AccountService], monkeypatch: pytest.MonkeyPatch) -> None:
    """Positive control of the test above."""
    sites[0].sign_up("ana@example.org", PASSWORD, "Ana")
    two_steps(sites, monkeypatch, BURST)
    assert reset_links(sites) == BURST


def reset_requests(sites: list[AccountService]) -> int:
    """Reset requests taken from one client address in a burst of more than it may make."""
    calls = [lambda i=i: sites[i % 2].request_reset(f"p{i}@example.org", "198.51.100.7")
             for i in range(RESET_ADDRESS_MOST + BURST)]
    return sum(callable(answer) for answer in burst(calls))


def test_a_burst_of_reset_requests_from_one_address_is_limited(sites: list[AccountService]) -> None:
    assert reset_requests(sites) == RESET_ADDRESS_MOST


def test_a_reset_request_limit_counted_apart_from_its_write_is_passed_by_a_burst(
        sites: list[AccountService], monkeypatch: pytest.MonkeyPatch) -> None:
    two_steps(sites, monkeypatch, RESET_ADDRESS_MOST + BURST)
    assert reset_requests(sites) == RESET_ADDRESS_MOST + BURST


def sign_ups(sites: list[AccountService]) -> int:
    """Sign-ups taken from one client address in a burst of more than it may make."""
    calls = [lambda i=i: sites[i % 2].sign_up(f"p{i}@example.org", PASSWORD, f"P{i}", "198.51.100.7")
             for i in range(SIGN_UP_ADDRESS_MOST + BURST)]
    return sum(not isinstance(answer, str) for answer in burst(calls))


def test_a_burst_of_sign_ups_from_one_address_is_limited(sites: list[AccountService]) -> None:
    assert sign_ups(sites) == SIGN_UP_ADDRESS_MOST


def test_a_sign_up_limit_counted_apart_from_its_write_is_passed_by_a_burst(
        sites: list[AccountService], monkeypatch: pytest.MonkeyPatch) -> None:
    two_steps(sites, monkeypatch, SIGN_UP_ADDRESS_MOST + BURST)
    assert sign_ups(sites) == SIGN_UP_ADDRESS_MOST + BURST

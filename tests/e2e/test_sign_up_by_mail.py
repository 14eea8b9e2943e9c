"""Signing up on a site that sends mail, in a real Chromium against a real SMTP server (aiosmtpd): the page says to
check the mail, the mailed link with the password typed again makes the account and signs in, and the link works
once."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import Server, free_port
from tests.e2e.test_accounts import PASSWORD, WAIT, card, signed_in_as
from tests.service.site_client import Inbox


@pytest.fixture
def mailing(tmp_path: Path) -> Iterator[tuple[Server, Inbox]]:
    """The app with an SMTP server set (``TABLEKEEPER_SMTP_HOST``), and that server's inbox."""
    inbox, port = Inbox(), free_port()
    smtp = Controller(inbox, hostname="127.0.0.1", port=free_port())
    smtp.start()
    server = Server(tmp_path, f"sqlite:///{tmp_path}/e2e.db", port=port, env={
        "TABLEKEEPER_SMTP_HOST": "127.0.0.1", "TABLEKEEPER_SMTP_PORT": str(smtp.port),
        "TABLEKEEPER_SMTP_STARTTLS": "false", "TABLEKEEPER_SITE_URL": f"http://127.0.0.1:{port}"})
    try:
        server.start()
        yield server, inbox
    finally:
        server.stop()
        smtp.stop()


def mailed_link(inbox: Inbox) -> str:
    """The sign-up link of the first mail the server sent (it goes just after the page answered)."""
    deadline = time.monotonic() + 10
    while not inbox.messages and time.monotonic() < deadline:
        time.sleep(0.05)
    assert inbox.messages, "no mail came"
    body = inbox.messages[0].get_payload(decode=True).decode()
    found = re.search(r"http://127\.0\.0\.1:\d+/account/confirm/[\w-]+", body)
    assert found, body
    return found.group()


def test_a_player_signs_up_with_the_mailed_link(browser: Browser, mailing: tuple[Server, Inbox]) -> None:
    server, inbox = mailing
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    try:
        page = context.new_page()
        page.goto(server.url("/account"))
        new = card(page, "Sign up")
        new.get_by_label("Name other players see").fill("Ana")
        new.get_by_label("Email").fill("ana@example.org")
        new.get_by_label("Password").fill(PASSWORD)
        new.get_by_role("button", name="Sign up").click()
        expect(new.get_by_role("status")).to_contain_text("Check your mail", timeout=WAIT)

        link = mailed_link(inbox)
        assert inbox.messages[0]["To"] == "ana@example.org"
        page.goto(link)
        finish = card(page, "Finish signing up")
        finish.get_by_label("Your password").fill(PASSWORD)
        finish.get_by_role("button", name="Make my account").click()
        signed_in_as(page, "Ana")

        page.goto(link)  # once more: the link has made its account
        finish = card(page, "Finish signing up")
        finish.get_by_label("Your password").fill(PASSWORD)
        finish.get_by_role("button", name="Make my account").click()
        expect(finish.get_by_role("alert")).to_contain_text("This link was used already")
    finally:
        context.close()

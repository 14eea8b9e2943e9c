"""Accounts in a real Chromium: sign up, sign out, sign in, a wrong password said in our words, a password reset through
the link the server logs, the export downloaded, the account deleted and sign-in refused afterwards. Selectors are roles
and accessible names; the header names the signed-in account."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import TYPE_CHECKING

from playwright.sync_api import Browser, Locator, Page, expect

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

PASSWORD = "correct horse battery"
NEW_PASSWORD = "a brand new password"
WAIT = 10000


def card(page: Page, name: str) -> Locator:
    return page.get_by_role("region", name=name, exact=True)


def sign_in(page: Page, email: str, password: str) -> None:
    form = card(page, "Sign in")
    form.get_by_label("Email").fill(email)
    form.get_by_label("Password").fill(password)
    form.get_by_role("button", name="Sign in").click()


def signed_in_as(page: Page, name: str) -> None:
    expect(page.get_by_role("heading", name=f"Signed in as {name}")).to_be_visible(timeout=WAIT)
    expect(page.get_by_role("banner").get_by_role("link", name=name)).to_be_visible()


def sign_out(page: Page) -> None:
    card(page, "Your account").get_by_role("button", name="Sign out").click()
    expect(card(page, "Sign in")).to_be_visible(timeout=WAIT)
    expect(page.get_by_role("banner").get_by_role("link", name="Sign in")).to_be_visible()


def test_a_player_signs_up_out_and_in_and_a_wrong_password_is_said(browser: Browser, server: Server) -> None:
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    try:
        page = context.new_page()
        page.goto(server.url("/"))
        page.get_by_role("banner").get_by_role("link", name="Sign in").click()
        new = card(page, "Sign up")
        new.get_by_label("Name other players see").fill("Ana <b>the bold</b>")
        new.get_by_label("Email").fill("ana@example.org")
        new.get_by_label("Password").fill(PASSWORD)
        new.get_by_role("button", name="Sign up").click()
        signed_in_as(page, "Ana <b>the bold</b>")  # typed text is shown as text
        page.goto(server.url("/lists"))
        expect(page.get_by_role("banner").get_by_role("link", name="Ana <b>the bold</b>")).to_be_visible()
        page.goto(server.url("/account"))
        sign_out(page)

        sign_in(page, "ana@example.org", "not the password")
        expect(card(page, "Sign in").get_by_role("alert")).to_have_text(
            "That email and password do not match an account.")
        sign_in(page, "ANA@example.org", PASSWORD)
        signed_in_as(page, "Ana <b>the bold</b>")
    finally:
        context.close()


def logged_link(server: Server, after: int) -> str:
    """The newest reset link the server wrote to its log (no SMTP server is set in tests)."""
    found: list[str] = []
    deadline = time.monotonic() + 10
    while not found and time.monotonic() < deadline:
        found = re.findall(r"https?://[\w.:]+/account/reset/[\w-]+", server.logs()[after:])
        time.sleep(0.1)
    assert found, server.logs()
    return found[-1]


def test_a_forgotten_password_is_reset_then_the_data_downloaded_and_the_account_deleted(
        browser: Browser, server: Server, tmp_path: Path) -> None:
    context = browser.new_context(viewport={"width": 1024, "height": 768}, accept_downloads=True)
    try:
        page = context.new_page()
        made = page.request.post(server.url("/api/account/sign-up"), data={
            "email": "bea@example.org", "password": PASSWORD, "name": "Bea"})
        assert made.status == 201, made.text()
        page.goto(server.url("/account"))
        card(page, "Sign in").get_by_label("Email").fill("bea@example.org")
        card(page, "Sign in").get_by_role("button", name="Forgot your password?").click()
        forgot = page.get_by_role("dialog", name="Forgot your password?")
        expect(forgot.get_by_label("Email")).to_have_value("bea@example.org")
        before = len(server.logs())
        forgot.get_by_role("button", name="Send me a link").click()
        expect(page.get_by_role("alert").filter(has_text="If an account has that email")).to_be_visible()

        page.goto(logged_link(server, before))
        new = card(page, "New password")
        new.get_by_label("New password").fill("short")
        new.get_by_role("button", name="Set the new password").click()
        expect(new.get_by_role("alert")).to_have_text("A password needs at least 10 characters.")
        new.get_by_label("New password").fill(NEW_PASSWORD)
        new.get_by_role("button", name="Set the new password").click()
        signed_in_as(page, "Bea")

        with page.expect_download() as download:
            card(page, "Your account").get_by_role("button", name="Download my data").click()
        assert download.value.suggested_filename == "tablekeeper-account.json"
        saved = tmp_path / "export.json"
        download.value.save_as(saved)
        data = json.loads(saved.read_text())
        assert data["account"]["email"] == "bea@example.org" and "$argon2" not in saved.read_text()

        card(page, "Your account").get_by_role("button", name="Delete my account").click()
        confirm = page.get_by_role("dialog", name="Delete my account")
        confirm.get_by_label("Your password").fill(PASSWORD)  # the old one
        confirm.get_by_role("button", name="Delete everything").click()
        expect(confirm.get_by_role("alert")).to_have_text(
            "That is not this account's password: nothing was deleted.")
        confirm.get_by_label("Your password").fill(NEW_PASSWORD)
        confirm.get_by_role("button", name="Delete everything").click()
        expect(card(page, "Sign in")).to_be_visible(timeout=WAIT)
        expect(page.get_by_role("banner").get_by_role("link", name="Sign in")).to_be_visible()

        sign_in(page, "bea@example.org", NEW_PASSWORD)
        expect(card(page, "Sign in").get_by_role("alert")).to_have_text(
            "That email and password do not match an account.")
    finally:
        context.close()

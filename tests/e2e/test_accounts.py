"""Accounts in a real Chromium (issue 15): sign up, sign out, sign in, a wrong password said in our words, a
password reset through the link the server logs, the export downloaded, the account deleted and sign-in refused
afterwards. Selectors are roles and accessible names; the header names the signed-in account."""

from __future__ import annotations

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

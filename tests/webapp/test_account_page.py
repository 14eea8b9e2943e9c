"""The /account page through NiceGUI's simulated user: signing up keeps the session for this browser and the header
names the account; a session ended elsewhere (a new password set on another device) shows the signed-out page and the
header's "Sign in" again; deleting from the page needs the account's own password."""

from __future__ import annotations

import base64
import json

from nicegui import app, ui
from nicegui.testing import User

from models.service.lists import LISTS_PER_OWNER
from tests.webapp.helpers import click, eventually, exists, fill, find, see
from webapp import deps

PASSWORD = "correct horse battery"


async def sign_up(user: User) -> None:
    await user.open("/account")
    new = find(user, "Sign up")
    fill(user, "Name other players see", "Ana", within=new)
    fill(user, "Email", "ana@example.org", within=new)
    fill(user, "Password (at least 10 characters)", PASSWORD, within=new)
    click(user, "Sign up", within=new)
    await see(user, "Signed in as Ana")


def header_link(user: User, name: str) -> bool:
    return exists(user, name, ui.link, within=find(user, lambda _: True, ui.header))


async def test_signing_up_keeps_the_session_and_the_header_names_the_account(user: User) -> None:
    await user.open("/")
    assert header_link(user, "Sign in")
    await sign_up(user)
    await user.open("/lists")
    assert header_link(user, "Ana") and not header_link(user, "Sign in")


async def test_a_session_ended_elsewhere_shows_the_signed_out_page(user: User) -> None:
    await sign_up(user)
    await user.open("/account")
    assert header_link(user, "Ana")  # positive control: the session is live
    accounts = deps.current().accounts
    mail = accounts.reset_mail("ana@example.org")
    assert mail is not None
    accounts.reset(mail.body.split("/account/reset/")[1].split()[0], "a brand new password")  # every session ends
    await user.open("/account")
    await see(user, "An account keeps your lists")
    assert exists(user, "Sign in", ui.card) and header_link(user, "Sign in")


async def test_deleting_from_the_page_needs_the_accounts_password(user: User) -> None:
    await sign_up(user)
    click(user, "Delete my account")
    dialog = find(user, "Delete my account", ui.card)
    fill(user, "Your password", "not the password", within=dialog)
    click(user, "Delete everything", within=dialog)
    await see(user, "That is not this account's password: nothing was deleted.", within=dialog)
    assert deps.current().accounts.repo.by_email("ana@example.org") is not None
    fill(user, "Your password", PASSWORD, within=dialog)
    click(user, "Delete everything", within=dialog)
    await see(user, "An account keeps your lists")
    await eventually(lambda: deps.current().accounts.repo.by_email("ana@example.org") is None, "the deletion")


async def test_a_used_or_made_up_reset_link_says_so_and_signs_nobody_in(user: User) -> None:
    await user.open("/account/reset/made-up-token")
    form = find(user, "New password", ui.card)
    fill(user, "New password (at least 10 characters)", "a brand new password", within=form)
    click(user, "Set the new password", within=form)
    await see(user, "This reset link was used already or is out of date: ask for a new one.", within=form)
    await user.open("/account")
    await see(user, "An account keeps your lists")


def storage_id(user: User) -> str:
    """The browser's storage id, as its signed session cookie names it."""
    payload = str(user.http_client.cookies.get("session")).split(".")[0]
    return str(json.loads(base64.b64decode(payload + "=" * (-len(payload) % 4)))["id"])


async def test_signing_in_gives_the_browser_a_new_storage_id_and_the_old_one_holds_no_session(user: User) -> None:
    await user.open("/account")
    planted = storage_id(user)  # what an attacker who planted this cookie would hold
    planted_cookie = user.http_client.cookies.get("session")
    await sign_up(user)
    await eventually(lambda: storage_id(user) != planted)
    assert app.storage._users[planted].get("session") is None  # noqa: SLF001 - the old id's storage is empty
    mine = await user.http_client.get("/account")
    assert "Signed in as Ana" in mine.text  # positive control: the browser's new id is signed in
    theirs = await user.http_client.get("/account", headers={"Cookie": f"session={planted_cookie}"})
    assert "Signed in as Ana" not in theirs.text and "Sign up" in theirs.text


async def test_a_browsers_lists_and_game_links_stay_with_it_across_the_new_storage_id(user: User) -> None:
    await user.open("/account")
    old = storage_id(user)
    my_data = deps.current().my_data
    my_data.lists.put(old, "l1", "Friday list", "infernals", 25, {"entries": []}, LISTS_PER_OWNER)
    app.storage._users[old]["games"] = {"g1": {"watch": "/watch/g1/t"}}  # noqa: SLF001 - kept before signing in
    await sign_up(user)
    await eventually(lambda: storage_id(user) != old)
    new = storage_id(user)
    assert [row.title for row in my_data.lists.lists(new)] == ["Friday list"] and my_data.lists.lists(old) == []
    assert app.storage._users[new]["games"] == {"g1": {"watch": "/watch/g1/t"}}  # noqa: SLF001

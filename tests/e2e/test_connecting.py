"""What a page sends while it is still connecting reaches the server in the order it happened (static/tablekeeper.js):
a password typed on a slow phone before its page connected, then "Sign in" tapped as soon as it did, signs in."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import httpx
from playwright.sync_api import Browser, WebSocketRoute, expect

from tests.e2e.events import PASSWORD, Api, phone

if TYPE_CHECKING:
    from tests.e2e.conftest import Server


def test_a_password_typed_while_the_page_connects_reaches_the_server_whole(browser: Browser, server: Server) -> None:
    with httpx.Client(base_url=server.url("/"), timeout=30) as client:
        Api(client, "Vera")
    for held in (True, False):  # the second: a page that connects at once, as the control
        context = phone(browser)
        try:
            page = context.new_page()
            sockets: list[WebSocketRoute] = []
            if held:  # the socket is answered only once the form is filled, as on a slow connection
                page.route_web_socket(re.compile("_nicegui_ws"), lambda ws, into=sockets: into.append(ws))
            page.goto(server.url("/account"))
            form = page.get_by_role("region", name="Sign in", exact=True)
            if not held:
                page.wait_for_function("() => window.socket && window.socket.connected")
            form.get_by_label("Email").fill("vera@example.org")
            # One key at a time, a few milliseconds apart: each keystroke is a message of its own.
            form.get_by_label("Password").press_sequentially(PASSWORD, delay=3)
            if held:
                page.wait_for_function("() => window.socket !== undefined")
                sockets[0].connect_to_server()
                page.wait_for_function("() => window.socket.connected")
            form.get_by_role("button", name="Sign in").click()
            expect(page.get_by_role("heading", name="Signed in as Vera")).to_be_visible(timeout=15_000)
        finally:
            context.close()

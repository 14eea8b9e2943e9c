"""Error pages a person can read: a wrong key and an unknown game show the same page in our words with a way home, never
raw JSON or NiceGUI's exception page; the API keeps its JSON errors."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import Browser, Page, expect

if TYPE_CHECKING:
    from tests.e2e.conftest import Server


def shown(page: Page, server: Server, path: str, status: int) -> str:
    response = page.goto(server.url(path))
    assert response is not None and response.status == status, (path, response and response.status)
    main = page.get_by_role("main")
    expect(main.get_by_role("button", name="Go to the home page")).to_be_visible()
    for leaked in ("Traceback", "This page doesn't exist", '"detail"', "HTTPException"):
        expect(page.get_by_text(leaked)).to_have_count(0)
    return main.inner_text()


def test_a_wrong_key_and_an_unknown_game_show_the_same_page_with_a_way_home(browser: Browser,
                                                                             server: Server) -> None:
    context = browser.new_context(viewport={"width": 1180, "height": 820})
    try:
        page = context.new_page()
        created = page.request.post(server.url("/api/games"), data={"title": "Errors", "sides": [
            {"player": "Ann", "army": [{"card": "agathon"}]}, {"player": "Bea", "army": [{"card": "princess-regna"}]}]})
        assert created.status == 201, created.text()
        game = created.json()
        wrong_key = {page_name: shown(page, server, f"/{page_name}/{game['id']}/not-the-key", 404)
                     for page_name in ("table", "watch", "result")}
        unknown_game = {page_name: shown(page, server, f"/{page_name}/0123456789abcdef/not-the-key", 404)
                        for page_name in ("table", "watch", "result")}
        assert wrong_key == unknown_game  # a stranger cannot tell which games exist
        assert "No game here" in wrong_key["table"] and "There is no game at this address." in wrong_key["table"]

        text = shown(page, server, f"/table/{game['id']}/{game['tokens']['watch']}", 403)
        assert "A watch link cannot open the table." in text
        assert "Page not found" in shown(page, server, "/no-such-page", 404)

        page.get_by_role("button", name="Go to the home page").click()
        expect(page).to_have_url(re.compile(r"/$"))
        expect(page.get_by_role("tab", name="Casual game")).to_be_visible()

        api = page.request.get(server.url("/api/games/0123456789abcdef"))
        assert api.status == 404 and api.headers["content-type"].startswith("application/json")
        assert api.json()["code"] == "game.not_found"
    finally:
        context.close()

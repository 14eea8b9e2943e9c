"""Error pages (webapp/pages/errors.py): in our words with a way home on /table, /watch and /result, the same for a
wrong key and an unknown game; the API and other non-page routes keep JSON."""

from __future__ import annotations

import pytest
from nicegui.testing import User

from models.service import Created


@pytest.mark.parametrize("page", ["table", "watch", "result"])
async def test_a_wrong_key_and_an_unknown_game_get_the_same_page_in_our_words(user: User, game: Created,
                                                                              page: str) -> None:
    pages = [await user.http_client.get(f"/{page}/{game.game_id}/not-the-key"),
             await user.http_client.get(f"/{page}/0123456789abcdef/not-the-key")]
    for response in pages:
        assert response.status_code == 404 and response.headers["content-type"].startswith("text/html")
        for words in ("No game here", "There is no game at this address.", "Go to the home page"):
            assert words in response.text
        assert "This page doesn't exist" not in response.text  # NiceGUI's own error page
    assert [r.text.count("No game here") for r in pages] == [1, 1]


async def test_an_unknown_address_gets_a_page_and_the_api_keeps_json(user: User) -> None:
    page = await user.http_client.get("/no-such-page")
    assert page.status_code == 404 and "Page not found" in page.text and "Go to the home page" in page.text
    api = await user.http_client.get("/api/games/0123456789abcdef")
    assert api.status_code == 404 and api.json()["code"] == "game.not_found"
    unknown_api = await user.http_client.get("/api/no-such-route")
    assert unknown_api.status_code == 404 and unknown_api.headers["content-type"] == "application/json"

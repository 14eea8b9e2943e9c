"""A NUL or another character no id of ours holds, anywhere in a path, is a 404 in our words on both databases:
one check where ids enter (webapp/guard.py, PathGuard), not one per route. PostgreSQL refuses NUL in text, so
before the check `/api/events/%00`, list ids, card-book keys and `/events/%00` answered 500 there. Through the
whole app as webapp/main.py builds it (the `user` fixture), on SQLite and PostgreSQL.
"""

from __future__ import annotations

import pytest
from nicegui.testing import User

from models.service import Created

BAD = ["%00", "a%00b", "%01", "%7f", "%c3%28", "%ff"]  # NUL, control characters, bytes that are not UTF-8
API = ["/api/events/{bad}", "/api/events/{bad}/standings.json", "/api/lists/{bad}", "/api/games/{bad}",
       "/api/games/{bad}/view?token=x", "/api/games/{game}/options/{bad}?token={watch}"]
PAGES = ["/events/{bad}", "/table/{bad}/x", "/watch/{game}/{bad}", "/account/reset/{bad}"]


@pytest.fixture(autouse=True)
def app_database(db_url: str, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("DATABASE_URL", db_url)
    return db_url


@pytest.mark.parametrize("bad", BAD)
async def test_a_bad_character_in_an_api_id_is_a_404_with_a_sentence(user: User, game: Created, bad: str) -> None:
    for route in [*API, "/api/cards/mine/{bad}"]:
        path = route.format(bad=bad, game=game.game_id, watch=game.tokens["watch"])
        answer = await (user.http_client.delete if "cards/mine" in path else user.http_client.get)(
            path, headers={"Authorization": "Bearer nobody"})
        assert answer.status_code == 404, (path, answer.text)
        assert set(answer.json()) == {"code", "message"}, path


@pytest.mark.parametrize("bad", BAD)
async def test_a_bad_character_in_a_page_address_is_our_page_not_found(user: User, game: Created, bad: str) -> None:
    for route in PAGES:
        path = route.format(bad=bad, game=game.game_id)
        answer = await user.http_client.get(path)
        assert answer.status_code == 404, (path, answer.status_code)
        assert "Page not found" in answer.text, path


async def test_positive_control_real_ids_pass_the_check(user: User, game: Created) -> None:
    view = await user.http_client.get(f"/api/games/{game.game_id}/view", params={"token": game.tokens["watch"]})
    assert view.status_code == 200
    page = await user.http_client.get(f"/watch/{game.game_id}/{game.tokens['watch']}")
    assert page.status_code == 200 and "Page not found" not in page.text
    assert (await user.http_client.get("/api/events/nosuchevent")).json()["code"] == "event.not_found"

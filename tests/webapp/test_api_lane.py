"""The API's own lane (webapp/api/lane.py) through the whole app as webapp/main.py builds it: requests under /api/
skip NiceGUI's page middleware (no browser session is started for them), pages keep it, and the API's answers
keep everything else (security headers: tests/webapp/test_headers_and_secret.py)."""

from __future__ import annotations

from nicegui.testing import User

from models.service import Created
from tests.service.test_api import AGATHON


async def test_api_answers_start_no_browser_session_and_pages_do(user: User, game: Created) -> None:
    http = user.http_client
    http.cookies.clear()
    page = await http.get("/")
    assert page.status_code == 200 and "session" in page.cookies  # the positive control: a page starts one
    http.cookies.clear()
    url = f"/api/games/{game.game_id}"
    answers = [
        await http.get(f"{url}/log", headers={"X-Token": game.tokens["watch"]}),
        await http.post(f"{url}/commands", headers={"X-Token": game.tokens["table"]}, json={
            "command": {"type": "mark_damage", "model": AGATHON, "amount": 1}, "expected_version": game.version}),
        await http.get("/api/games/nope", headers={"X-Token": game.tokens["watch"]}),
    ]
    assert [a.status_code for a in answers] == [200, 200, 404]
    for answer in answers:
        assert "session" not in answer.cookies and answer.headers["referrer-policy"] == "no-referrer"


async def test_a_pages_socket_skips_the_stack_and_everything_else_keeps_its_lane() -> None:
    """A WebSocket under /_nicegui_ws/ reaches NiceGUI's Socket.IO app as Starlette's mount hands it over (its
    root path says where it is mounted); Engine.IO's HTTP polling there, and any other socket, stay on the pages'
    lane, and the API keeps its own."""
    from webapp.api.lane import ApiLane

    reached: list[tuple[str, str, str]] = []

    def lane(name: str):
        async def app(scope, receive, send):
            reached.append((name, scope.get("path", ""), scope.get("root_path", "")))
        return app

    lanes = ApiLane(lane("pages"), lane("api"), lane("sockets"))

    async def nothing():
        return {}

    async def ignore(message):
        return None

    await lanes({"type": "lifespan"}, nothing, ignore)  # start-up and shut-down: the whole app, NiceGUI's too
    for kind, path in [("websocket", "/_nicegui_ws/socket.io/"), ("http", "/_nicegui_ws/socket.io/"),
                       ("websocket", "/elsewhere"), ("http", "/api/games"), ("http", "/")]:
        await lanes({"type": kind, "path": path, "root_path": ""}, nothing, ignore)
    assert reached == [("pages", "", ""), ("sockets", "/_nicegui_ws/socket.io/", "/_nicegui_ws"),
                       ("pages", "/_nicegui_ws/socket.io/", ""),
                       ("pages", "/elsewhere", ""), ("api", "/api/games", ""), ("pages", "/", "")]

"""Bad input gets a 4xx and a sentence, never a 500 or a traceback: through the whole app as built by webapp/main.py
(its middleware included), with the `user` fixture's HTTP client and socket handler.

- API bodies: too big (413), not UTF-8, nested too deep, NUL or half a surrogate pair (400), loose types where an
  integer is expected (422). Each answer is a flat ``{"code", "message"}`` and the game does not change.
- Socket events naming a listener or element the page does not have are ignored with one log line per page.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import httpx
import pytest
from nicegui import core, ui
from nicegui.testing import User

from models.service import Created
from tests.webapp.helpers import find, table_url, version
from webapp import guard

SIDES = [{"player": "Ann", "army": [{"card": "agathon"}]}, {"player": "Bob", "army": [{"card": "princess-regna"}]}]
MARK = {"type": "mark_damage", "model": "p2-princess-regna", "amount": 1}


async def post(user: User, path: str, body: bytes | dict[str, Any], token: str | None = None) -> httpx.Response:
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    headers = {"Content-Type": "application/json", **({"X-Token": token} if token else {})}
    return await user.http_client.post(path, content=content, headers=headers)


async def command(user: User, game: Created, body: bytes | dict[str, Any]) -> httpx.Response:
    return await post(user, f"/api/games/{game.game_id}/commands", body, game.tokens["table"])


def refused(response: httpx.Response, status: int, code: str) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"code", "message"} and body["code"] == code, body
    return body["message"]


@pytest.mark.parametrize(("body", "code", "words"), [
    (b'{"command": ' + b"[" * 50_000 + b"]" * 50_000 + b', "expected_version": 1}', "request.too_deep",
     "more than 64 levels"),
    (b'{"command": ' + b'{"a": ' * 5_000 + b"1" + b"}" * 5_000 + b', "expected_version": 1}', "request.too_deep",
     "more than 64 levels"),
    (b'{"command": {"type": "cast_spell", "spell": "Caf\xe9"}, "expected_version": 1}', "request.encoding",
     "not valid UTF-8"),
    (b'{"command": {"type": "cast_spell", "spell": "a\\u0000b"}, "expected_version": 1}', "request.nul", "NUL"),
    (b'{"command": {"type": "cast_spell", "spell": "a\\ud800b"}, "expected_version": 1}', "request.surrogate",
     "half of a character"),
    (b'{"command": {"type": "cast_spell", "spell": "a\\udc00"}, "expected_version": 1}', "request.surrogate",
     "half of a character"),
])
async def test_a_malformed_body_is_a_400_with_a_sentence_and_changes_nothing(
        user: User, game: Created, body: bytes, code: str, words: str) -> None:
    assert words in refused(await command(user, game, body), 400, code)
    assert version(game) == 1


async def test_a_body_over_256_kib_is_a_413(user: User, game: Created) -> None:
    body = {"command": {**MARK, "note": "x" * 300_000}, "expected_version": 1}
    assert "256 KiB" in refused(await command(user, game, body), 413, "request.too_large")
    assert version(game) == 1


async def test_positive_control_what_only_looks_bad_passes_the_guard(user: User, game: Created) -> None:
    """Brackets inside a string do not nest, an escaped backslash before u0000 is text, a surrogate pair is one
    character: the guard lets them through to the rules, which answer for themselves."""
    for text in ("[" * 100 + "{" * 100, "a\\u0000b", "\U0001f3b2"):
        response = await post(user, "/api/games", {"title": text[:60], "sides": SIDES})
        assert response.status_code == 201, response.text
    assert (await command(user, game, {"command": MARK, "expected_version": 1})).status_code == 200


@pytest.mark.parametrize("loose", ["1", 1.0, True])
async def test_an_integer_field_takes_only_a_json_integer(user: User, game: Created, loose: Any) -> None:
    """No string, float or bool for a whole number: not for the version, not in a command, not on create."""
    refused(await command(user, game, {"command": MARK, "expected_version": loose}), 422, "request.invalid")
    refused(await command(user, game, {"command": {**MARK, "amount": loose}, "expected_version": 1}), 422,
            "command.invalid")
    undo = await post(user, f"/api/games/{game.game_id}/undo", {"expected_version": loose}, game.tokens["table"])
    refused(undo, 422, "request.invalid")
    refused(await post(user, "/api/games", {"title": "T", "sides": SIDES, "first": loose}), 422, "request.invalid")
    army = [{"card": "cultist-band", "size": loose}]
    created = await post(user, "/api/games", {"title": "T", "sides": [{"player": "Ann", "army": army}, SIDES[1]]})
    refused(created, 422, "request.invalid")
    assert version(game) == 1
    # Positive control: the same requests with JSON integers go through.
    assert (await command(user, game, {"command": MARK, "expected_version": 1})).status_code == 200
    assert (await post(user, "/api/games", {"title": "T", "sides": SIDES, "first": 1})).status_code == 201


# -- socket events ----------------------------------------------------------------------------------------------

async def test_socket_events_for_listeners_a_page_lacks_are_ignored_with_one_log_line(
        user: User, game: Created, caplog: pytest.LogCaptureFixture) -> None:
    client = await user.open(table_url(game))
    button = find(user, lambda n: n.startswith("Next"), ui.button)
    (listener_id,) = button._event_listeners  # noqa: SLF001 - the id a browser would send
    handler = core.sio.handlers["/"]["event"]
    # The browser sends the button's tap count with a click (webapp/components/once.py).
    event = {"client_id": client.id, "id": button.id, "listener_id": listener_id, "args": [button.props["data-tap"]]}
    forged = [{**event, "listener_id": f"forged-{n}"} for n in range(50)]
    forged += [{**event, "id": 10**9}, {**event, "args": ["{not json"]}, {**event, "args": "x"},
               {"client_id": client.id}, {"client_id": 7}, "junk"]
    with caplog.at_level(logging.WARNING):
        for message in forged:
            handler("sid", message)
        handler("sid")  # no message at all
        with pytest.raises(KeyError):  # positive control: NiceGUI's own handler raises for a forged listener
            handler.__wrapped__("sid", forged[0])
    assert version(game) == 1
    warnings = [r for r in caplog.records if r.name == guard.__name__]
    assert len(warnings) == 1 and "Ignoring socket events" in warnings[0].getMessage()
    assert not [r for r in caplog.records if r.exc_info]  # no traceback
    # Positive control: the same emitter with the page's real listener id does click "Next".
    handler("sid", event)
    await user.should_see("Maintenance: Continuous effects", retries=50)


def test_the_socket_guard_does_nothing_when_nicegui_handles_events_elsewhere(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(core, "sio", object())  # an upgrade without python-socketio's handler table
    assert guard.ignore_unknown_listeners() is False
    monkeypatch.setattr(core, "sio", type("Sio", (), {"handlers": {"/": {}}})())  # no "event" handler
    assert guard.ignore_unknown_listeners() is False

"""A sealed list choice stays sealed on every read a link can make (doc 002 "Game Setup": each player chooses in
secret and both choices are revealed together). The walk reads the game, the spectators' view, the log, the
event stream, the result, a model's options and a command's answer with every link kind, before and after the
reveal; access.readable is the one filter they share. SQLite always, PostgreSQL when TEST_DATABASE_URL is set."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.service.test_api import client, command, events, read  # noqa: F401 - fixtures
from tests.service.test_list_pairs_api import ANN, BOB, at_lists, send

LINKS = ("table", "seat1", "seat2", "watch")
ANN_PAIR = ANN[0]["name"]  # a name only Ann's pair carries
ANN_PICKED = '"picks":[1,'  # Ann's sealed choice (the second list) as the state's JSON holds it


def bodies(client: TestClient, game: dict[str, Any], link: str) -> dict[str, str]:  # noqa: F811
    """What ``link`` gets from every read route, as text."""
    gid, headers = game["id"], {"X-Token": game["tokens"][link], "Accept-Encoding": "identity"}
    got = {route: client.get(f"/api/games/{gid}{route}", headers=headers).text
           for route in ("", "/view", "/log", "/result", "/result.txt", "/options/p1-agathon")}
    with client.stream("GET", f"/api/games/{gid}/events", headers=headers) as stream:
        got["/events"] = str(events(stream.iter_lines(), 1))
    return got


def leaks(client: TestClient, game: dict[str, Any], link: str, secret: str) -> list[str]:  # noqa: F811
    return [route for route, text in bodies(client, game, link).items() if secret in text]


def test_a_pair_given_first_is_sealed_from_the_other_seat_and_spectators_on_every_read(
        client: TestClient) -> None:  # noqa: F811
    game = at_lists(client)
    assert send(client, game, {"type": "give_list_pair", "seat": 0, "lists": ANN}, "seat1").status_code == 200
    assert leaks(client, game, "seat2", ANN_PAIR) == []
    assert leaks(client, game, "watch", ANN_PAIR) == []
    assert leaks(client, game, "seat1", ANN_PAIR) == [""]  # positive control: Ann reads her own pair
    assert leaks(client, game, "table", ANN_PAIR) == [""]  # the table link acts for both sides


def test_a_choice_made_first_is_sealed_from_the_other_seat_and_spectators_on_every_read(
        client: TestClient) -> None:  # noqa: F811
    game = at_lists(client)
    for seat, (token, lists) in enumerate((("seat1", ANN), ("seat2", BOB))):
        assert send(client, game, {"type": "give_list_pair", "seat": seat, "lists": lists}, token).status_code == 200
    assert send(client, game, {"type": "choose_from_pair", "seat": 0, "index": 1}, "seat1").status_code == 200
    assert leaks(client, game, "seat2", ANN_PICKED) == []
    assert leaks(client, game, "watch", ANN_PICKED) == []
    assert leaks(client, game, "seat1", ANN_PICKED) == [""]  # positive control: the filter can let it through
    assert leaks(client, game, "table", ANN_PICKED) == [""]
    assert read(client, game, game["tokens"]["seat2"])["state"]["pregame"]["picks"] == [None, None]
    # A command's answer is a read too: Bob's gets the state as his link may read it.
    version = read(client, game)["version"]
    answer = command(client, game, {"type": "add_setup_task", "text": "Ambush"}, version, game["tokens"]["seat2"])
    assert answer.status_code == 200 and ANN_PICKED not in answer.text


def test_both_choices_are_revealed_to_every_link_together(client: TestClient) -> None:  # noqa: F811
    game = at_lists(client)
    for seat, (token, lists) in enumerate((("seat1", ANN), ("seat2", BOB))):
        assert send(client, game, {"type": "give_list_pair", "seat": seat, "lists": lists}, token).status_code == 200
    assert send(client, game, {"type": "choose_from_pair", "seat": 0, "index": 1}, "seat1").status_code == 200
    assert send(client, game, {"type": "choose_from_pair", "seat": 1, "index": 0}, "seat2").status_code == 200
    for link in LINKS:
        state = read(client, game, game["tokens"][link])["state"]
        assert state["pregame"]["picks"] == [1, 0], link
        assert state["pregame"]["lists"] == ["Agathon alone", "Regna"], link

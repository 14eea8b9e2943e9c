"""Theme forces through the routes (reference README, Infernals, "Theme forces"): ``GET /api/themes``, a side's
``theme`` in ``POST /api/games`` and in the setup command of ``POST /api/games/start``, a list's theme through
ListService.start_game, and Dark Legacy's first turn without tithe played through the command route. Each refusal
has its positive control. SQLite always, PostgreSQL when TEST_DATABASE_URL is set (``db_url``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

from models.rules.warmachine.list_model import Army, ListEntry
from models.service import GameService
from models.service.lists import ListService
from tests.service.test_api import GAME, assert_error, client, command, read  # noqa: F401 - fixtures


def themed(theme_1: str | None, theme_2: str | None = None, **change: Any) -> dict[str, Any]:
    sides = [{**GAME["sides"][0], "theme": theme_1}, {**GAME["sides"][1], "theme": theme_2}]
    return {**GAME, "sides": sides, **change}


def test_the_theme_forces_are_listed_with_what_the_app_applies(client: TestClient) -> None:  # noqa: F811
    themes = {t["key"]: t for t in client.get("/api/themes").json()}
    assert set(themes) >= {"dark-legacy", "hearts-of-darkness"} and len(themes) == 59  # the roster's theme forces
    legacy = {e["key"]: e["applied"] for e in themes["dark-legacy"]["effects"]}
    assert legacy == {"no_first_turn_tithe": True, "solo_reposition": True, "band_ambush": False}
    assert themes["dark-legacy"]["faction"] == "Infernals" and "reference README" in themes["dark-legacy"]["source"]


def test_a_game_keeps_each_sides_theme(client: TestClient) -> None:  # noqa: F811
    created = client.post("/api/games", json=themed("dark-legacy")).json()
    players = read(client, created)["state"]["players"]
    assert players[0]["theme"]["key"] == "dark-legacy" and players[1]["theme"] is None


def test_a_theme_the_army_breaks_is_refused_at_every_setup_route(client: TestClient) -> None:  # noqa: F811
    assert_error(client.post("/api/games", json=themed("no-such-theme")), 422, "theme.unknown")
    assert_error(client.post("/api/games", json=themed("hearts-of-darkness")), 422, "theme.horror_not_allowed")
    used = {e["card"] for side in GAME["sides"] for e in side["army"]}
    cards = {c["key"]: c for c in client.get("/api/cards").json() if c["key"] in used}
    setup = {"type": "setup", **themed("hearts-of-darkness"), "cards": cards}
    assert_error(client.post("/api/games/start", json={"command": setup}), 422, "theme.horror_not_allowed")
    allowed = {**setup, "sides": [{**setup["sides"][0], "theme": "dark-legacy"}, setup["sides"][1]]}
    assert client.post("/api/games/start", json={"command": allowed}).status_code == 201


def test_dark_legacy_ends_its_first_turn_without_tithe_decisions(client: TestClient) -> None:  # noqa: F811
    """Through the command route: Advance alone hands the turn over in round 1; the horrors keep their essence."""
    created = client.post("/api/games", json=themed("dark-legacy")).json()
    version = created["version"]
    for _ in range(20):
        state = read(client, created)["state"]
        if state["active"] == 1:
            break
        response = command(client, created, {"type": "advance"}, version)
        assert response.status_code == 200, response.text
        version = response.json()["version"]
    assert state["active"] == 1 and state["round"] == 1 and state["pending_tithe"] == []
    assert {m["id"]: m["status"] for m in state["models"]}["p1-foreboder"] == "in_play"
    log = client.get(f"/api/games/{created['id']}/log", headers={"X-Token": created["tokens"]["table"]}).json()
    assert any("Dark Legacy: no tithe on Ann's first turn." in text for row in log for text in row["texts"])


def test_without_the_theme_the_first_turn_stops_for_tithe(client: TestClient) -> None:  # noqa: F811
    """The positive control: the same game without a theme waits at the tithe in round 1."""
    created = client.post("/api/games", json=themed(None)).json()
    version = created["version"]
    for _ in range(20):
        response = command(client, created, {"type": "advance"}, version)
        if response.status_code != 200:
            break
        version = response.json()["version"]
    assert_error(response, 422, "tithe.pending")
    assert read(client, created)["state"]["active"] == 0


def test_a_game_from_a_saved_list_carries_its_theme(new_service: Callable[[], GameService]) -> None:
    service = new_service()
    lists = ListService(service.repo.engine, service)
    legacy = Army(title="Legacy", theme="dark-legacy", entries=(ListEntry(card="agathon"),
                                                               ListEntry(card="tormentor", battlegroup_of=0)))
    plain = Army(title="Plain", entries=(ListEntry(card="agathon"),))
    created = lists.start_game("From lists", [("Ann", legacy), ("Bob", plain)])
    players = service.state(created.game_id)[1].players
    assert players[0].theme is not None and players[0].theme.key == "dark-legacy"
    assert players[1].theme is None


def test_the_catalog_route_finds_a_model_by_part_of_its_name(client: TestClient) -> None:  # noqa: F811
    everything = client.get("/api/cards").json()
    assert len(everything) >= 1200 and len({c["faction"] for c in everything}) == 15
    found = client.get("/api/cards", params={"name": "sorscha", "faction": "Khador"}).json()
    names = {c["name"]: c for c in found}
    assert "Kommander Sorscha" in names and all(c["faction"] == "Khador" for c in found)
    sorscha = names["Kommander Sorscha"]
    assert (sorscha["role"], sorscha["card_id"]) == ("warcaster", 1421) and sorscha["spells"]
    assert client.get("/api/cards", params={"name": "no such model"}).json() == []
    casters = client.get("/api/cards", params={"faction": "Grymkin", "role": "warlock"}).json()
    assert casters and {c["role"] for c in casters} == {"warlock"}


def test_a_theme_force_lists_its_composition(client: TestClient) -> None:  # noqa: F811
    host = next(t for t in client.get("/api/themes").json() if t["key"] == "dark-host")
    assert host["checked"] and host["faction"] == "Cryx"
    ids = {i for line in host["composition"] for i in line["card_ids"]}
    knights = client.get("/api/cards", params={"name": "Bane Knights", "faction": "Cryx"}).json()
    assert knights and knights[0]["card_id"] in ids

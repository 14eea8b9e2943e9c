"""A colossal's two grids through the API: the Stormwall (a shipped card, its grids completed by the player), damage
naming the side, a side that fills spilling into the other at a second d6 (our reading of the public summary,
``grids.py``), refusals that change nothing, and the view's drawing of both grids. SQLite always, PostgreSQL when
TEST_DATABASE_URL is set (``db_url``)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.service.test_api import client, read  # noqa: F401 - fixtures
from tests.service.test_rules_depth import Table

STORMWALL = "p1-stormwall"
# 28 boxes a side (the card's 56): test strings as a player taps them from their own card.
LEFT = (".....", "..LL.", ".LMC.", ".CML.", "....", "....")
RIGHT = (".....", "..RR.", ".RMC.", ".CMR.", "....", "....")
GAME = {
    "title": "Colossal",
    "sides": [
        {"player": "Cy", "army": [{"card": "commander-coleman-stryker"},
                                  {"card": "stormwall", "battlegroup_of": 0}]},
        {"player": "Ann", "army": [{"card": "agathon"}, {"card": "guardian-of-souls", "battlegroup_of": 0}]},
    ],
}


@pytest.fixture
def table(client: TestClient) -> Table:  # noqa: F811
    created = client.post("/api/games", json=GAME)
    assert created.status_code == 201, created.text
    table = Table(client, created.json())
    stormwall = next(c for c in client.get("/api/cards").json() if c["key"] == "stormwall")
    stormwall["damage"] |= {"columns": [*LEFT, *RIGHT]}
    table.send(type="complete_card", card=stormwall)
    return table


def marks(table: Table) -> list[int]:
    state: dict[str, Any] = read(table.client, table.game)["state"]
    return next(m["marks"] for m in state["models"] if m["id"] == STORMWALL)


def test_damage_to_a_colossal_names_its_grid(table: Table) -> None:
    """Without a side the damage is refused and nothing changes; with one it is marked on that grid."""
    table.refused("damage.side_needed", type="mark_damage", model=STORMWALL, amount=3, column=2)
    table.send(type="mark_damage", model=STORMWALL, amount=3, column=2, side="right")
    assert marks(table) == [0] * 7 + [3] + [0] * 4


def test_a_full_grid_spills_into_the_other_at_a_second_d6(table: Table) -> None:
    """26 into the left grid leaves 2 there; 5 more need the second d6 for the right grid."""
    table.send(type="mark_damage", model=STORMWALL, amount=26, column=1, side="left")
    table.refused("damage.then_column_needed", type="mark_damage", model=STORMWALL, amount=5, column=1,
                  side="left")
    table.send(type="mark_damage", model=STORMWALL, amount=5, column=1, side="left", then_column=4)
    assert marks(table) == [5, 5, 5, 5, 4, 4, 0, 0, 0, 3, 0, 0]
    view = table.client.get(f"/api/games/{table.game['id']}/view",
                            params={"token": table.game["tokens"]["watch"]}).json()
    label = view["cards"][STORMWALL]["track"]["label"]
    assert "Damage grids: left column 1 5 of 5 marked" in label and "right column 4 3 of 5 marked" in label
    assert "crippled: Left arm" in label
    assert "Left arm system crippled" in view["cards"][STORMWALL]["notes"]

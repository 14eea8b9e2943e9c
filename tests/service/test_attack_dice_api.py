"""Attack dice through the API: ``/options`` and the view give the dice an attack rolls after crippling (doc 001
"Crippled Middle Ring"), and ``attack_roll`` with another count is a 422 that changes nothing. SQLite always, PostgreSQL
when TEST_DATABASE_URL is set (``db_url``)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.service.test_api import assert_error, client, command, game, read  # noqa: F401 - fixtures
from tests.service.test_rules_depth import Table

GUARDIAN, REGNA = "p1-guardian-of-souls", "p2-princess-regna"


def crippled_middle_ring(client: TestClient, game: dict[str, Any]) -> Table:  # noqa: F811
    """The Guardian of Souls (web 30 / 16 / 10) with its outer and middle rings marked, activated."""
    table = Table(client, game)
    table.send(type="mark_damage", model=GUARDIAN, amount=46)
    table.to_activation()
    table.send(type="activate", model=GUARDIAN)
    return table


def test_options_give_one_attack_die_with_the_middle_ring_crippled(client: TestClient, game: dict) -> None:  # noqa: F811
    table = crippled_middle_ring(client, game)
    response = client.get(f"/api/games/{game['id']}/options/{GUARDIAN}", params={"token": game["tokens"]["watch"]})
    attack = next(o for o in response.json() if o["action"] == "attack")
    assert attack["allowed"] is True
    assert attack["dice"] == {"attack": 1, "damage": 2}
    assert read(client, game)["version"] == table.version


def test_an_attack_roll_with_another_number_of_dice_is_refused_and_changes_nothing(client: TestClient,  # noqa: F811
                                                                                     game: dict) -> None:  # noqa: F811
    table = crippled_middle_ring(client, game)
    table.send(type="declare_attack", attacker=GUARDIAN, target=REGNA)
    view = client.get(f"/api/games/{game['id']}/view", params={"token": game["tokens"]["watch"]}).json()
    assert view["attack"]["dice"] == {"attack": 1, "attack_boosted": 2, "damage": 2, "damage_boosted": 3}
    body = assert_error(command(client, game, {"type": "attack_roll", "dice": {"dice": [4, 4]}, "hit": True},
                                table.version), 422, "attack.dice_count")
    assert "1 die (its middle ring is crippled); 2 were given" in body["message"]
    assert read(client, game)["version"] == table.version
    state = table.send(type="attack_roll", dice={"dice": [6]}, hit=True)
    assert state["attack"]["step"] == "damage_roll"


def test_derived_values_reach_options_and_the_view(client: TestClient, game: dict) -> None:  # noqa: F811
    """Derived values: CTRL 18" for Agathon (doc 001 "Control Range": twice ESSENCE 9), DEF 5 once knocked down
    (derived.py cites the public summary), in ``/options`` and on the spectators' card alike. Positive control:
    standing, his DEF is the card's 14."""
    table = Table(client, game)
    watch = {"token": game["tokens"]["watch"]}

    def numbers() -> tuple[dict[str, int], dict[str, Any]]:
        found = client.get(f"/api/games/{game['id']}/options/p1-agathon", params=watch).json()
        card = client.get(f"/api/games/{game['id']}/view", params=watch).json()["cards"]["p1-agathon"]
        return next(o for o in found if o["action"] == "derived")["values"], card

    values, card = numbers()
    assert (values["CTRL"], values["DEF"], values["dice:attack"]) == (18, 14, 2)
    assert card["derived"] == values and card["stats"] == "DEF 14 · ARM 15 · MAT 6"
    table.send(type="add_effect", model="p1-agathon", effect="knocked_down")
    values, card = numbers()
    assert (values["CTRL"], values["DEF"]) == (18, 5)
    assert card["stats"] == "DEF 5 (knocked down) · ARM 15 · MAT 6"

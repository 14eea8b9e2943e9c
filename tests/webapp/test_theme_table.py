"""A theme force at the table (reference README, Infernals, "Theme forces"): under the player's name the theme
says what the app applies and what the players keep in mind, and a Dark Legacy Infernal solo's Reposition 3" is a
button that ends its activation. Through NiceGUI's simulated `user` (tests/webapp/conftest.py)."""

from __future__ import annotations

from nicegui import ui
from nicegui.testing import User

from models.rules.warmachine.builders import setup_game
from models.rules.warmachine.match import board
from models.rules.warmachine.setup import ArmyEntry
from tests.webapp.helpers import (
    advance,
    click,
    eventually,
    exists,
    find,
    model_card,
    region,
    see,
    service,
    table_url,
    texts,
)

LEGACY = [ArmyEntry(card="agathon"), ArmyEntry(card="guardian-of-souls", battlegroup_of=0),
          ArmyEntry(card="umbral-guardian")]
REGNA = [ArmyEntry(card="princess-regna")]


async def test_a_dark_legacy_solo_repositions_from_its_card_and_its_activation_ends(user: User) -> None:
    game = service().start(setup_game("Legacy", [("Ann", LEGACY), ("Bob", REGNA)], themes=["dark-legacy", None]))
    await user.open(table_url(game))
    note = find(user, "Ann's theme force: Dark Legacy", ui.column)
    await see(user, "Reminder: One Cultist Band has Ambush.", note)
    await see(user, "Infernal solos have Reposition 3\". (the app applies this)", note)
    for _ in range(6):
        if any(t.startswith("Activation: ") for t in texts(user, region(user, "Turn"))):
            break
        await advance(user)
    solo = model_card(user, "Ann", "Umbral Guardian")
    click(user, "Activate: Umbral Guardian", within=solo)
    await eventually(lambda: board(service().state(game.game_id)[1]).model("p1-umbral-guardian").activation == "active",
                     "the solo to activate")
    click(user, "Reposition 3\": Umbral Guardian", within=model_card(user, "Ann", "Umbral Guardian"))
    await eventually(lambda: board(service().state(game.game_id)[1]).model("p1-umbral-guardian").activation == "done",
                     "the solo's activation to end")
    await see(user, "Umbral Guardian repositions up to 3\" and ends its activation.")
    model_card(user, "Ann", "Guardian of Souls")  # a horror has no Reposition: no such button on its card
    assert not exists(user, "Reposition 3\": Guardian of Souls")

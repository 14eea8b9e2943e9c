"""A spell that changes a number, recorded from a model's card, changes the attack assistant's arithmetic and ends on
time, in a real Chromium against the real server: Bob's Guardian of Souls (ARM 18; reference README) and Agathon
(ARM 15) get +2 ARM from Iron Flesh for this turn, recorded once for both; Ann's Princess Regna attacks the Guardian
and the damage sum takes ARM 20 "(+2 Iron Flesh)"; when Bob's turn begins the cards show ARM 18 and 15 again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Browser, expect

from tests.e2e.finders import model
from tests.e2e.test_attack_math import GUARDIAN, POWER, declare, game_at_activation, hits, open_table, rolled
from tests.e2e.test_faults_crash import api
from tests.e2e.test_faults_pages import command

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

ARM, AGATHON_ARM = 18, 15


def test_a_buff_changes_the_damage_sum_and_ends_with_the_turn(browser: Browser, server: Server) -> None:
    game = game_at_activation(server)
    page = open_table(browser, server, game)
    card = model(page, GUARDIAN)
    expect(card).to_contain_text(f"ARM {ARM}")

    card.get_by_role("button", name=f"Effects on {GUARDIAN}").click()
    form = page.get_by_role("dialog").filter(has_text=f"Effects on {GUARDIAN}")
    form.get_by_role("combobox", name="Stat").click()
    page.get_by_role("option", name="ARM", exact=True).click()
    expect(page.get_by_role("listbox")).to_have_count(0)
    form.get_by_label("Change by", exact=True).fill("2")
    form.get_by_label("Spell, feat or animus", exact=True).fill("Iron Flesh")
    expect(form.get_by_role("combobox", name="For how long")).to_have_value("This turn")
    form.get_by_role("combobox", name="Also on (an area covering several)").click()
    page.get_by_role("option", name="Agathon", exact=True).click()
    page.keyboard.press("Escape")
    expect(page.get_by_role("listbox")).to_have_count(0)
    form.get_by_role("button", name="Record the change").click()
    expect(form).to_be_hidden()
    expect(card).to_contain_text(f"ARM {ARM + 2} (+2 Iron Flesh)")
    expect(card).to_contain_text("Iron Flesh: +2 ARM (this turn)")
    expect(model(page, "Agathon")).to_contain_text(f"ARM {AGATHON_ARM + 2} (+2 Iron Flesh)")  # the same area
    card = model(page, GUARDIAN)

    for _ in range(3):  # only 1 + 1 misses DEF 9 with MAT 6: then Regna attacks again
        panel = declare(page)
        panel.get_by_role("button", name="Roll for me: Attack dice").click()
        hit = hits(*rolled(panel))
        panel.get_by_role("button", name=f"The attack {'hits' if hit else 'misses'} {GUARDIAN}").click()
        if hit:
            break
        expect(panel).to_be_hidden()
    expect(panel).to_contain_text("Waiting for the damage roll.")
    expect(panel.get_by_label(f"ARM of {GUARDIAN}", exact=True)).to_have_value(str(ARM + 2))
    panel.get_by_label("P+S of the weapon", exact=True).fill(str(POWER))
    panel.get_by_role("button", name="Roll for me: Damage dice").click()
    a, b = rolled(panel)
    damage = max(0, a + b + POWER - ARM - 2)
    expect(panel.get_by_role("status", name="The numbers")).to_have_text(
        f"Roll {a + b} + P+S {POWER} = {a + b + POWER} - ARM {ARM + 2} (+2 Iron Flesh) = {damage} damage.")
    expect(panel.get_by_label("Damage points after ARM", exact=True)).to_have_value(str(damage))
    panel.get_by_role("button", name=f"Apply the damage to {GUARDIAN}").click()
    expect(panel).to_be_hidden()

    status, now = api("GET", server.url(f"/api/games/{game['id']}"), token=game["tokens"]["table"])
    assert status == 200
    version = now["version"]
    for _ in range(10):  # Ann's turn ends; Bob's begins
        if now["state"]["active"] == 1:
            break
        version = command(server, game, version, {"type": "advance"})
        status, now = api("GET", server.url(f"/api/games/{game['id']}"), token=game["tokens"]["table"])
    assert now["state"]["active"] == 1
    expect(card).not_to_contain_text("Iron Flesh")
    expect(card).to_contain_text(f"ARM {ARM}")
    expect(model(page, "Agathon")).not_to_contain_text("Iron Flesh")


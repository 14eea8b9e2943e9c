"""A unit attacks through the attack assistant, in a real Chromium against the real server: Ann's Cultist
Band (MAT 5; reference README) attacks Bob's Guardian of Souls (DEF 9, ARM 18). First the Cult Leader alone,
then three Cultists together: a combined melee attack, one attack roll and one damage roll by the first ticked,
+3 to both; the Leader's second attack is refused (Mk III core rules "Combined Melee Attacks", as publicly
summarised; see ``models/rules/warmachine/attack_math.py``). The Guardian's web and the log show the damage.

The dice are the server's: every expectation is worked out from the dice the page says were rolled.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.finders import game_log, model, track
from tests.e2e.test_attack_math import game_at_activation as at_activation
from tests.e2e.test_attack_math import open_table, rolled

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

BAND, GUARDIAN = "Cultist Band", "Guardian of Souls"
MAT, DEF, ARM, POWER = 5, 9, 18, 14


def game_at_activation(server: Server) -> dict[str, Any]:
    """Ann (Agathon and a Cultist Band of 4) against Bob (Agathon and a Guardian of Souls), the band active."""
    return at_activation(server, [
        {"player": "Ann", "army": [{"card": "agathon"}, {"card": "cultist-band", "size": 4}]},
        {"player": "Bob", "army": [{"card": "agathon"}, {"card": "guardian-of-souls", "battlegroup_of": 0}]}],
        "p1-cultist-band.0")


def unit_dialog(page: Page) -> Locator:
    model(page, BAND).get_by_role("button", name=f"Attack: {BAND}", exact=True).click()
    return page.get_by_role("dialog").filter(has_text=f"{BAND} attacks")


def declare(page: Page, troopers: tuple[str, ...]) -> Locator:
    """The band's Attack…: the first trooper that may still attack is ticked; tick ``troopers`` (the first
    rolls), the Guardian as the target, declare."""
    form = unit_dialog(page)
    expect(form.get_by_role("checkbox", name=f"Attacking: {troopers[0]}")).to_be_checked()  # not the Leader always
    for box in form.get_by_role("checkbox", name=re.compile(r"^Attacking: ")).all():
        name = (box.get_attribute("aria-label") or "").removeprefix("Attacking: ")
        if box.is_checked() != (name in troopers):
            box.click()
        expect(box).to_be_checked(checked=name in troopers)
    n = len(troopers)
    expect(form.get_by_role("status", name="Combined attack bonus")).to_have_text(
        f"A combined melee attack: +{n} to its attack and damage rolls ({n} troopers)." if n > 1
        else "One trooper attacks alone.")
    form.get_by_role("combobox", name="Target").click()
    page.get_by_role("option", name=GUARDIAN, exact=True).click()
    expect(page.get_by_role("listbox")).to_have_count(0)
    form.get_by_role("button", name="Declare the attack").click()
    expect(form).to_be_hidden()
    panel = page.get_by_role("region", name="Attack")
    expect(panel).to_contain_text(f"{BAND}: {troopers[0]}: ")
    expect(panel).to_contain_text("Waiting for the attack roll.")
    return panel


def attack(page: Page, troopers: tuple[str, ...], marked: int) -> int:
    """One attack of ``troopers`` on the Guardian with the server's dice: a miss resolves it, a hit goes on to
    its damage; the damage points done (0 on a miss)."""
    bonus = len(troopers) if len(troopers) > 1 else 0
    extra = f" + {bonus} combined" if bonus else ""
    panel = declare(page, troopers)
    panel.get_by_role("button", name="Roll for me: Attack dice").click()
    a, b = rolled(panel)
    hit = (a, b) != (1, 1) and ((a, b) == (6, 6) or a + b + MAT + bonus >= DEF)
    expect(panel.get_by_role("status", name="The numbers")).to_contain_text(
        f"Roll {a + b} + MAT {MAT}{extra} = {a + b + MAT + bonus} vs DEF {DEF}")
    panel.get_by_role("button", name=f"The attack {'hits' if hit else 'misses'} {GUARDIAN}").click()
    if not hit:
        expect(panel).to_be_hidden()
        return 0
    expect(panel).to_contain_text("Waiting for the damage roll.")
    panel.get_by_label("P+S of the weapon", exact=True).fill(str(POWER))
    panel.get_by_role("button", name="Roll for me: Damage dice").click()
    a, b = rolled(panel)
    total = a + b + POWER + bonus
    damage = max(0, total - ARM)
    expect(panel.get_by_role("status", name="The numbers")).to_have_text(
        f"Roll {a + b} + P+S {POWER}{extra} = {total} - ARM {ARM} = {damage} damage.")
    expect(panel.get_by_label("Damage points after ARM", exact=True)).to_have_value(str(damage))
    panel.get_by_role("button", name=f"Apply the damage to {GUARDIAN}").click()
    expect(panel).to_be_hidden()
    expect(track(page, GUARDIAN)).to_have_attribute(
        "aria-label", re.compile(rf"outer ring {marked + damage} of 30 marked"))
    return damage


def test_a_unit_attacks_alone_and_combined_and_the_leaders_second_attack_is_refused(browser: Browser,
                                                                                     server: Server) -> None:
    """The Leader is not ticked every time, and its second attack in one activation is refused; the
    band's card shows which troopers have attacked (doc 002 "Activation Sequence": each trooper's combat
    action in turn)."""
    page = open_table(browser, server, game_at_activation(server))
    expect(model(page, BAND)).to_be_visible()

    alone = attack(page, ("Cult Leader",), 0)
    expect(model(page, BAND)).to_contain_text("Has attacked")
    form = unit_dialog(page)  # as a person tries the Leader again
    leader = form.get_by_role("checkbox", name="Attacking: Cult Leader")
    expect(leader).to_be_disabled()
    expect(leader).not_to_be_checked()
    expect(form.get_by_label("Why not: Cult Leader")).to_have_text(
        f"{BAND}: Cult Leader has already attacked this activation.")
    expect(form.get_by_role("checkbox", name="Attacking: Cultist 1")).to_be_checked()
    form.get_by_role("button", name="Cancel").click()
    expect(form).to_be_hidden()

    together = attack(page, ("Cultist 1", "Cultist 2", "Cultist 3"), alone)
    button = model(page, BAND).get_by_role("button", name=f"Attack: {BAND}", exact=True)
    reason = f"{BAND}: Cult Leader has already attacked this activation."
    expect(button).to_be_disabled()  # nobody is left to attack: greyed with the reason, still tappable
    expect(button).to_have_attribute("title", reason)
    button.dispatch_event("click")  # Playwright does not click what is aria-disabled; a finger does
    expect(page.get_by_text(reason).first).to_be_visible()
    expect(page.get_by_role("dialog").filter(has_text=f"{BAND} attacks")).to_have_count(0)
    log = game_log(page)  # a drawer at this width: opened once the attacks are done
    for damage in (alone, together):
        if damage:
            expect(log).to_contain_text(f"{damage} damage to {GUARDIAN}.")
    expect(log).to_contain_text("a combined melee attack with Cultist Band: Cultist 2 and Cultist Band: "
                                           "Cultist 3 (+3 to its attack and damage rolls)")

"""Spells cast from the caster's card, in a real Chromium against the real server: Ann's Magister Helynna
(FOCUS 7) and Elara against Bob's Agathon and Guardian of Souls (DEF 9, ARM 18; reference README).

The spell dialog's words are whole on a phone (390 px) and a tablet (no label cut short). Force Strike (COST 2,
POW 12 on the card) opens the attack assistant as a magic attack: FOCUS 7 against DEF 9, then POW 12 against ARM
18, with no number typed. Rhythm of War (an area upkeep spell) puts +2 MAT on Helynna and Elara in one casting,
and one undo takes both back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.finders import action, model
from tests.e2e.test_attack_math import game_at_activation, open_table

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

HELYNNA, ELARA, GUARDIAN = "Magister Helynna", "Elara, Death's Shadow", "Guardian of Souls"
SIDES = [{"player": "Ann", "army": [{"card": "magister-helynna"}, {"card": "elara-deaths-shadow"}]},
         {"player": "Bob", "army": [{"card": "agathon"}, {"card": "guardian-of-souls", "battlegroup_of": 0}]}]
# Labels, field labels and option texts of the dialog whose text does not fit their box (an ellipsis).
CUT = """(box) => [...box.querySelectorAll('.q-field__label, .q-checkbox__label, .q-chip__content, label, .tk-kind')]
    .filter(e => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1).map(e => e.textContent.trim())"""


def cast_dialog(page: Page) -> Locator:
    action(page, "Cast spell", HELYNNA).click()
    dialog = page.get_by_role("dialog").filter(has_text=f"{HELYNNA} casts a spell")
    expect(dialog).to_be_visible()
    return dialog


def pick(page: Page, field: Locator, *options: str) -> None:
    """Pick options of a select (several for a multiple select, whose menu stays open), then close its menu."""
    field.click()
    for option in options:
        page.get_by_role("option", name=option, exact=True).click()
    if len(options) > 1:
        page.keyboard.press("Escape")
    expect(page.get_by_role("listbox")).to_have_count(0)


def test_an_offensive_spell_opens_the_assistant_and_an_area_spell_lands_on_two_models(browser: Browser,
                                                                                    server: Server) -> None:
    page = open_table(browser, server, game_at_activation(server, SIDES, "p1-magister-helynna"))
    page.set_viewport_size({"width": 390, "height": 844})
    dialog = cast_dialog(page)
    pick(page, dialog.get_by_role("combobox", name="A spell from the card"), "Force Strike")
    dialog.get_by_role("checkbox", name="The spell changes a stat").click()
    expect(dialog.get_by_role("combobox", name="Models the spell changes")).to_be_visible()
    for width, height in ((390, 844), (820, 1180)):
        page.set_viewport_size({"width": width, "height": height})
        assert dialog.evaluate(CUT) == [], f"labels cut at {width} px"
    dialog.get_by_role("checkbox", name="The spell changes a stat").click()

    expect(dialog.get_by_role("checkbox", name="The spell attacks")).to_be_checked()
    expect(dialog).to_contain_text("POW 12, from the card.")
    pick(page, dialog.get_by_role("combobox", name="Model the spell attacks"), GUARDIAN)
    dialog.get_by_role("button", name="Cast", exact=True).click()
    expect(dialog).to_be_hidden()
    panel = page.get_by_role("region", name="Attack")
    expect(panel).to_contain_text(f"{HELYNNA}: Force Strike, a magic attack (POW 12) against {GUARDIAN}")
    expect(panel.get_by_label(f"FOCUS of {HELYNNA}", exact=True)).to_have_value("7")
    panel.get_by_label("Attack dice", exact=True).fill("4 3")
    expect(panel.get_by_role("status", name="The numbers")).to_have_text("Roll 7 + FOCUS 7 = 14 vs DEF 9: hit.")
    panel.get_by_role("button", name=f"The attack hits {GUARDIAN}").click()
    expect(panel.get_by_label("POW of Force Strike", exact=True)).to_have_value("12")
    panel.get_by_label("Damage dice", exact=True).fill("5 4")
    expect(panel.get_by_role("status", name="The numbers")).to_have_text(
        "Roll 9 + POW 12 = 21 - ARM 18 = 3 damage.")
    panel.get_by_role("button", name="Put the attack aside").click()
    expect(panel).to_be_hidden()

    dialog = cast_dialog(page)
    pick(page, dialog.get_by_role("combobox", name="A spell from the card"), "Rhythm of War")
    expect(dialog.get_by_role("checkbox", name="Upkeep spell")).to_be_checked()
    expect(dialog.get_by_role("checkbox", name="The spell attacks")).not_to_be_checked()
    dialog.get_by_role("checkbox", name="The spell changes a stat").click()
    pick(page, dialog.get_by_role("combobox", name="Models the spell changes"), HELYNNA, ELARA)
    pick(page, dialog.get_by_role("combobox", name="Stat"), "MAT")
    dialog.get_by_label("Change by", exact=True).fill("2")
    dialog.get_by_role("button", name="Cast", exact=True).click()
    expect(dialog).to_be_hidden()
    expect(model(page, HELYNNA)).to_contain_text("MAT 8 (+2 Rhythm of War)")
    expect(model(page, ELARA)).to_contain_text("MAT 9 (+2 Rhythm of War)")
    expect(model(page, ELARA)).to_contain_text("Rhythm of War: +2 MAT (while upkept)")
    expect(model(page, HELYNNA)).to_contain_text("Focus 2 / 7")

    page.get_by_role("button", name="Undo last action").click()
    expect(model(page, ELARA)).to_contain_text("MAT 7 ·")
    expect(model(page, HELYNNA)).to_contain_text("MAT 6 ·")
    expect(model(page, HELYNNA)).not_to_contain_text("+2 Rhythm of War")
    expect(model(page, HELYNNA)).to_contain_text("Focus 5 / 7")

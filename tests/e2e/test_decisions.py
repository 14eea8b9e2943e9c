"""What the turn waits for, played on the table page in a real Chromium as players do.

- Damage typed in pauses like the attack assistant (doc 002 "Damage Application") where a rule in play acts:
  "Apply damage" filling Madrak (Tough) leaves him disabled in the attack panel, Next is greyed with the reason,
  the players let him be boxed and then save him (an effect that removes damage); the turn goes on. A Cultist,
  whom nothing saves, dies in one tap.
- Spell upkeep and fire are decisions (doc 001 "Control Phase" step 4; "The Infernal Turn", maintenance step 2):
  Agathon casts an upkeep spell and catches fire in round 1; in round 2 the turn stops at the continuous effects
  and then at the upkeep, Next greyed with the reason at each, until the players answer (the upkeep paid, the turn
  moves on by itself).

Selectors are roles and accessible names; each wait is for what the page shows.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Browser, Locator, Page, expect

from tests.bench.script import SIDES
from tests.e2e.finders import action, alert, tile, turn_bar
from tests.e2e.test_faults_crash import api
from tests.e2e.test_tablet_layout import next_button, open_table

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

VIEWPORT = {"width": 1280, "height": 900}
GUARDIAN = "Guardian of Souls"
MADRAK = "Madrak Ironhide, Thornwood Chieftain"
SPELL = "Arcane Shield"


def new_game(server: Server) -> dict[str, Any]:
    """Ann and Bob, each with Agathon, a Guardian of Souls and Cultists (cards complete)."""
    sides = [{"player": name, "army": [e.model_dump(exclude_none=True) for e in army]} for name, army in SIDES]
    status, game = api("POST", server.url("/api/games"), {"title": "Decisions", "sides": sides})
    assert status == 201, game
    return game


def held(page: Page, reason: str) -> None:
    """Next is greyed with the rules' reason, and a tap on it (a finger taps what is greyed) says it again."""
    button = next_button(page)
    expect(button).to_be_disabled()
    expect(button).to_have_attribute("title", reason)
    expect(alert(page, reason)).to_have_count(0, timeout=10_000)
    # The tap that brought the turn here keeps Next busy until its answer is back: a finger waits for that too.
    expect(button).not_to_have_class(re.compile(r"(^|\s)disabled(\s|$)"), timeout=15_000)
    button.dispatch_event("click")
    expect(alert(page, reason)).to_be_visible()


def tap_next(page: Page) -> None:
    """Pay a tithe when the end of turn asks for one, else tap Next; then wait until the page shows it done (the
    row gone, or Next naming a new stop: its text alone changes while the tap is recorded)."""
    tithe = turn_bar(page).get_by_role("button", name=re.compile(r"^Pay tithe for "))
    if tithe.count():
        rows = tithe.count()
        tithe.first.click()
        expect(tithe).to_have_count(rows - 1)
        return
    name = next_button(page).get_attribute("aria-label")
    next_button(page).click()
    expect(next_button(page)).not_to_have_attribute("aria-label", name or "")


def play_on_until(page: Page, *words: str) -> None:
    """Tap on through the turns until the turn bar shows all of ``words`` (its "phase: step" words, not Next's
    "phase · step")."""
    for _ in range(30):
        text = turn_bar(page).inner_text()
        if all(w in text for w in words):
            return
        tap_next(page)
    raise AssertionError(f"the turn bar never showed {words}")


def ann(page: Page, name: str) -> Locator:
    """Ann's card of ``name`` (Bob's side has the same models): her tile is tapped first, as a person does."""
    side = page.get_by_role("region", name="Ann", exact=True)
    button = tile(side, name)
    if button.get_attribute("aria-pressed") != "true":
        button.click()
        expect(button).to_have_attribute("aria-pressed", "true")
    return side.get_by_role("group", name=name, exact=True)


def tough_game(server: Server) -> dict[str, Any]:
    """Ann's Madrak Ironhide (18 boxes, Tough on his card) against Bob's Agathon."""
    status, game = api("POST", server.url("/api/games"), {"title": "Tough", "sides": [
        {"player": "Ann", "army": [{"card": "madrak-ironhide"}]},
        {"player": "Bob", "army": [{"card": "agathon"}]}]})
    assert status == 201, game
    return game


def test_damage_typed_in_waits_at_disabled_and_boxed(browser: Browser, server: Server) -> None:
    """doc 002 "Damage Application": every box marked, Madrak (Tough: a rule in play that acts now) is disabled
    and waits; the turn is held; boxed, he is saved by an effect that removes 2 damage and stays in play; then
    the turn moves on."""
    page = open_table(browser, server, tough_game(server), VIEWPORT)
    madrak = ann(page, MADRAK)
    madrak.get_by_label(f"Damage to apply to {MADRAK}").fill("18")
    madrak.get_by_role("button", name=f"Apply damage to {MADRAK}", exact=True).click()
    panel = page.get_by_role("region", name="Attack")
    expect(panel).to_contain_text(f"Damage marked at the table: {MADRAK}")
    expect(panel).to_contain_text(f"{MADRAK} is disabled: every damage box is marked.")
    held(page, "Damage is being applied: decide what happens to the disabled model first.")

    panel.get_by_role("button", name=f"Go on: boxed: {MADRAK}").click()
    expect(panel).to_contain_text(f"{MADRAK} is boxed: every damage box is marked.")
    panel.get_by_role("spinbutton", name="Damage removed by the effect").fill("2")
    panel.get_by_role("button", name=f"It survives: {MADRAK}").click()
    expect(panel).to_be_hidden()
    expect(tile(page.get_by_role("region", name="Ann", exact=True), MADRAK)).to_contain_text("Damage 16/18")
    expect(next_button(page)).not_to_have_attribute("aria-disabled", "true")
    tap_next(page)


def test_a_trooper_dies_in_one_tap(browser: Browser, server: Server) -> None:
    """doc 002 "Damage Application": no rule in play acts when a Cultist is disabled or boxed, so one tap on its
    box destroys it: no pause, the page stays where it was."""
    page = open_table(browser, server, new_game(server), VIEWPORT)
    band = ann(page, "Cultist Band")
    row = band.locator(".tk-trooper").filter(has_text="Cultist 1")  # the trooper's row: its name and its box
    row.get_by_role("img", name="Damage boxes: 0 of 1 marked").scroll_into_view_if_needed()
    before = page.evaluate("window.scrollY")
    row.get_by_role("img", name="Damage boxes: 0 of 1 marked").click()
    expect(row).to_contain_text("Destroyed")
    expect(band).to_contain_text("Unit: 3 of 4 models in play")
    expect(page.get_by_role("region", name="Attack")).to_be_hidden()
    assert abs(page.evaluate("window.scrollY") - before) < 50, "the page jumped"


def test_fire_and_upkeep_wait_for_the_players_next_turn(browser: Browser, server: Server) -> None:
    """doc 001 "The Infernal Turn", maintenance step 2, and "Control Phase" step 4: in Ann's round 2 the turn
    stops at the fire on Agathon and at his upkeep spell, Next greyed with the reason, until she answers each."""
    page = open_table(browser, server, new_game(server), VIEWPORT)
    play_on_until(page, "Activation: Activate every model")
    agathon = ann(page, "Agathon")
    action(page, "Activate", "Agathon", within=agathon).click()
    action(page, "Cast spell", "Agathon", within=agathon).click()
    cast = page.get_by_role("dialog").filter(has_text="Agathon casts a spell")
    cast.get_by_label("Spell", exact=True).fill(SPELL)
    cast.get_by_label("COST", exact=True).fill("2")
    cast.get_by_role("checkbox", name="Upkeep spell").click()
    expect(cast.get_by_role("checkbox", name="Upkeep spell")).to_be_checked()
    cast.get_by_role("button", name="Cast", exact=True).click()
    expect(cast).to_be_hidden()
    expect(agathon).to_contain_text("Essence 7 / 9")
    agathon.get_by_role("button", name="Effects on Agathon").click()
    effects = page.get_by_role("dialog").filter(has_text="Effects on Agathon")
    effects.get_by_role("button", name="Now on fire").click()
    expect(effects).to_be_hidden()

    play_on_until(page, "Round 2", "Ann's turn")
    expect(turn_bar(page)).to_contain_text("Maintenance: Continuous effects")
    prompt = page.get_by_role("region", name="Continuous effects")
    expect(prompt).to_contain_text("Agathon: fire")
    held(page, "Resolve each continuous effect first (it expires, or it stays and deals its damage): "
               "Agathon (on fire).")
    prompt.get_by_role("button", name="Fire stays: Agathon").click()
    burn = page.get_by_role("dialog").filter(has_text="Fire stays on Agathon")
    burn.get_by_role("spinbutton", name="Damage").fill("3")
    burn.get_by_role("button", name="OK", exact=True).click()
    expect(burn).to_be_hidden()
    expect(prompt).to_be_hidden()
    expect(tile(page.get_by_role("region", name="Ann", exact=True), "Agathon")).to_contain_text("Damage 3/17")

    play_on_until(page, "Control: Upkeep spells")
    held(page, f"Decide the upkeep first (pay 1 or let it end): Agathon's {SPELL}.")
    guide = page.get_by_role("region", name="Control phase guide")
    guide.get_by_role("button", name=f"Upkeep {SPELL} (1): Agathon").click()
    expect(ann(page, "Agathon")).to_contain_text("Essence 6 / 9")
    # The upkeep paid, nothing more to decide in the control phase: the turn moves on without Next.
    expect(turn_bar(page)).to_contain_text("Activation")

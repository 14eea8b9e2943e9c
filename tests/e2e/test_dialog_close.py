"""A dialog closes at the tap that confirms it, in a real Chromium on a touch screen: the player's caster allocates
focus, a warjack takes damage (its grid asks where), the caster casts a spell and attacks. Each dialog starts to
close before the page has the command's answer (the close waits for no server), and the command's result follows.
A refusal shows the dialog again as the player left it, with the rules' reason.

The page measures each close itself (performance.now() and a MutationObserver): from the tap to the dialog starting
to leave, to it being gone, and to the turn line showing the command's version. The numbers are printed; the test
asserts only their order, which no load changes.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.finders import action, alert, game_log, model, tap_next, turn_bar
from tests.e2e.test_faults_crash import api

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

VIEWPORT = {"width": 1280, "height": 900}
CASTER, JACK = "Caster Test", "Jack Test"
GRID = ("--....", "-...LL", "--.MMM", "--.CCC", "-...RR", "--....")  # test numbers

# Watch one dialog from the tap on: when it starts to leave (Quasar's leave transition), when it is gone from the
# page, and when the turn line shows another version (the command's answer drawn). Milliseconds from the tap.
WATCH = """(dialog) => {
  const root = dialog.closest('.q-dialog') || dialog;
  const bar = document.querySelector('[aria-label="Turn"]');
  const before = bar.getAttribute('data-version');
  const times = {tap: null, leave: null, gone: null, shown: null};
  window.__closing = times;
  const look = () => {
    if (times.tap === null) return;
    const t = performance.now() - times.tap;
    const leaving = '[class*="leave-active"]';
    if (times.leave === null && (root.matches(leaving) || root.querySelector(leaving) || !root.isConnected))
      times.leave = t;
    if (times.gone === null && !root.isConnected) times.gone = t;
    if (times.shown === null && bar.getAttribute('data-version') !== before) times.shown = t;
  };
  new MutationObserver(look).observe(document.body, {subtree: true, childList: true, attributes: true});
}"""
TAP = "(button) => { window.__closing.tap = performance.now(); button.click(); }"


def timed_tap(page: Page, dialog: Locator, button: Locator) -> dict[str, float]:
    """Tap ``button`` of ``dialog``; once the dialog is gone and the command's answer shown, the page's times."""
    dialog.evaluate(WATCH)
    button.evaluate(TAP)
    expect(dialog).to_be_hidden()
    page.wait_for_function("() => window.__closing.gone !== null && window.__closing.shown !== null")
    times: dict[str, float] = page.evaluate("() => window.__closing")
    assert times["leave"] < times["shown"], f"the dialog waited for the command's answer to close: {times}"
    return times


def new_game(server: Server) -> dict[str, Any]:
    """Ann's warcaster and a warjack of its battlegroup (cards as their player typed them: test numbers) against
    Bob's Agathon; Ann's turn waits at allocation."""
    cards = {
        "test-caster": {"key": "test-caster", "name": CASTER, "faction": "Cygnar", "role": "warcaster",
                        "stats": {"FOCUS": 6}, "damage": {"kind": "boxes", "boxes": 17}},
        "test-jack": {"key": "test-jack", "name": JACK, "faction": "Cygnar", "role": "warjack", "weight": "light",
                      "damage": {"kind": "grid", "columns": list(GRID)}},
    }
    sides = [{"player": "Ann", "army": [{"card": "test-caster"}, {"card": "test-jack", "battlegroup_of": 0}]},
             {"player": "Bob", "army": [{"card": "agathon"}]}]
    status, game = api("POST", server.url("/api/games/start"),
                       {"command": {"type": "setup", "title": "Dialogs", "cards": cards, "sides": sides}})
    assert status == 201, game
    return game


def test_dialogs_close_at_the_tap_and_a_refusal_shows_the_dialog_again(browser: Browser, server: Server) -> None:
    game = new_game(server)
    context = browser.new_context(viewport=VIEWPORT, has_touch=True)
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.goto(server.url(f"/table/{game['id']}/{game['tokens']['table']}"))
        expect(turn_bar(page)).to_contain_text("Allocate focus")
        times = {}

        # Too much focus for the warjack (it powered up to 1): the rules refuse, and the dialog is back as it was.
        guide = page.get_by_role("region", name="Control phase guide")
        guide.get_by_role("button", name=f"Allocate focus: {CASTER}").click()
        form = page.get_by_role("dialog").filter(has_text=f"{CASTER} allocates focus")
        focus = form.get_by_label(f"Focus for {JACK}", exact=True)
        focus.fill("3")
        form.get_by_role("button", name="Allocate").click()
        expect(alert(page, f"A warjack holds at most 3 focus; {JACK} has 1.")).to_be_visible()
        expect(form).to_be_visible()
        expect(focus).to_have_value("3")
        focus.fill("2")
        times["focus allocation"] = timed_tap(page, form, form.get_by_role("button", name="Allocate"))
        expect(game_log(page)).to_contain_text(f"{JACK} receives 2 focus from {CASTER} (now 3).")

        card = model(page, JACK)
        card.get_by_label(f"Damage to apply to {JACK}").fill("2")
        card.get_by_role("button", name=f"Apply damage to {JACK}", exact=True).click()
        where = page.get_by_role("dialog").filter(has_text="where does it go in")
        column = where.get_by_role("button", name=re.compile("^Column 3"))
        times["damage (grid column)"] = timed_tap(page, where, column)
        expect(game_log(page)).to_contain_text(f"{JACK} suffers 2 damage (marked at the table).")

        tap_next(page)
        expect(turn_bar(page)).to_contain_text("Activation")
        action(page, "Activate", CASTER).click()
        action(page, "Cast spell", CASTER).click()
        spell = page.get_by_role("dialog").filter(has_text=f"{CASTER} casts a spell")
        spell.get_by_role("textbox", name="Spell").fill("Arcane Shield")
        times["spell"] = timed_tap(page, spell, spell.get_by_role("button", name="Cast", exact=True))
        expect(game_log(page)).to_contain_text(f"{CASTER} casts Arcane Shield")

        action(page, "Attack", CASTER).click()
        declare = page.get_by_role("dialog").filter(has_text=f"{CASTER} attacks")
        times["attack assistant"] = timed_tap(page, declare, declare.get_by_role("button", name="Declare the attack"))
        expect(game_log(page)).to_contain_text(f"{CASTER} makes a melee attack against Agathon.")

        print("\nfrom the tap, ms: dialog leaving / gone / the command's answer shown")
        for what, t in times.items():
            print(f"  {what}: {t['leave']:.0f} / {t['gone']:.0f} / {t['shown']:.0f}")
    finally:
        context.close()

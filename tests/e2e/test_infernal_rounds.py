"""Two full rounds of Agathon against Omodamos, played in a real Chromium on the table page while a friend follows on
the watch page.

The game, in table order:
- Set-up: Omodamos's card lacks ESSENCE and damage boxes, his horrors lack their web rings: Bea types them in
  from her own cards on the pre-game screen (ESSENCE 7, 18 boxes; Lamenter 8/6/4, Tormentor 12/7/5).
- Round 1, Ann: Agathon summons a Foreboder from the catalog through a cultist (its rings, 8/4/2, are entered in
  the summon dialog; the new horror's card appears on both pages and it forfeits its combat action) and uses his
  feat (then greyed: "already used"); the Guardian of Souls hits Omodamos, who transfers the damage to his
  Lamenter. End of turn: the tithe prompt, both horrors pay, and the last one paid hands the turn to Bea.
- Round 1, Bea: Omodamos leeches back the essence the transfer cost, which leaves nothing to decide in her control
  phase: the turn moves on to her activation by itself; the Lamenter cripples the Guardian's outer
  ring (the card says what that does, on both pages); the Tormentor hits Agathon for more than the Foreboder can
  hold: transfer prompt, the Foreboder fills and is disabled, boxed and destroyed at once, nothing in play acting
  at those steps (doc 002 "Damage Application"), the rest marks Agathon.
- Round 2, Ann: Agathon sacrifices a cultist in the control-phase guide (refused until it is said to be in his
  control range; then the turn moves on to allocation by itself), then heals the Guardian (its outer ring is no
  longer crippled) and kills Omodamos in one tap: disabled, boxed, destroyed, and his horrors are removed from
  play. The Guardian's tithe goes unpaid: removed from play, and Bea's turn begins.
- Round 2, Bea: nothing of hers is left in play; the turn goes round to round 3.

The taps on the turn line are counted per turn (Next, End turn and the tithe's buttons): 4, 3, 3 and 1; before a
step's last decision moved the turn on by itself they were 5, 5, 5 and 1.

Every change made at the table is asserted on the watch page too, with `expect(..., timeout=LIVE)`. Greyed controls
are checked for aria-disabled, their reason in the title, and the reason shown when tapped. Selectors are roles and
accessible names; damage tracks are SVG images whose aria-label counts the marked boxes.

`TK_SCREENSHOTS=1` also saves the README's screenshots (docs/screenshots/table.png and watch.png) in round 2,
after Agathon heals the Guardian; without it the files are left alone.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.finders import action, alert, complete_pregame, game_log, model, track, turn_bar, watch_address

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

LIVE = 2000  # ms: the watch page must show a change within a second or two
# Counts the taps on the turn line's buttons (Next, End turn, the tithe's) in the page itself.
COUNT_TURN_TAPS = """window.turnTaps = 0;
document.addEventListener('click', (e) => {
  if (e.isTrusted && e.target.closest && e.target.closest('[aria-label="Turn"] button')) window.turnTaps += 1;
}, true);"""
VIEWPORT = {"width": 1280, "height": 900}
ANN, BEA = "Ann", "Bea"
CULTISTS = "Cultist Band"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
GUARDIAN = "Guardian of Souls"
CRIPPLED_OUTER = "Outer ring crippled: Running, charging and power attacks cost 1 essence."


# -- finding things as a person does -----------------------------------------------------------------------

def web(outer: tuple[int, int], middle: tuple[int, int], centre: tuple[int, int]) -> str:
    """The aria-label of a damage web: (marked, boxes) per ring."""
    rings = zip(("outer", "middle", "centre"), (outer, middle, centre), strict=True)
    return "Damage web: " + ", ".join(f"{ring} ring {m} of {n} marked" for ring, (m, n) in rings)


def boxes(marked: int, total: int) -> str:
    return f"Damage boxes: {marked} of {total} marked"


def guide(page: Page) -> Locator:
    return page.get_by_role("region", name="Control phase guide")


def choose(page: Page, field: Locator, option: str) -> None:
    """Pick an option of a select. Waits until the menu is gone: Quasar gives the focus back to the select
    when its menu hides, so a field filled before that (on a busy machine) would lose its text."""
    field.click()
    page.get_by_role("option", name=option, exact=True).click()
    expect(page.get_by_role("listbox")).to_have_count(0)
    expect(field).to_have_value(option)


def tick(box: Locator) -> None:
    """Tick a checkbox or pick a radio button. NiceGUI shows the new state once the server has it, so
    Playwright's check() (which wants the change at once) does not fit: click, then wait for it."""
    expect(box).not_to_be_checked()
    box.click()
    expect(box).to_be_checked()


def refused(page: Page, do, message: str) -> None:
    """Do something the app must refuse: the player reads `message` in a notification. A tap that landed while
    its dialog was being redrawn does nothing (seen once in about ten runs of the summon below, under load): as a
    person would, tap once more if nothing was said after 3 s. A refusal changes nothing, so a second is harmless."""
    before = alert(page, message).count()
    do()
    try:
        expect(alert(page, message)).to_have_count(before + 1, timeout=3_000)
    except AssertionError:
        do()
        expect(alert(page, message)).not_to_have_count(before)


def greyed(page: Page, button: Locator, reason: str) -> None:
    """A greyed control says why: aria-disabled, the reason as its title, and the reason again when tapped."""
    expect(button).to_be_disabled()
    expect(button).to_have_attribute("title", reason)
    refused(page, lambda: button.dispatch_event("click"), reason)  # Playwright skips aria-disabled; a finger does not


def next_step(page: Page, expected: str) -> None:
    turn_bar(page).get_by_role("button", name=re.compile(r"^Next")).click()
    expect(turn_bar(page)).to_contain_text(expected)


def hand_over(page: Page, to: str) -> None:
    turn_bar(page).get_by_role("button", name=f"End turn: hand over to {to}").click()


def turn_taps(page: Page) -> int:
    """The taps on the turn line since the last count."""
    return int(page.evaluate("() => { const n = window.turnTaps; window.turnTaps = 0; return n; }"))


# Assertions on both pages: the table at once, the watch page within LIVE ms.

def on_both(table: Page, watch: Page, check) -> None:
    check(table)
    check(watch)


def expect_essence(table: Page, watch: Page, name: str, have: int, stat: int) -> None:
    on_both(table, watch, lambda p: expect(model(p, name).get_by_text(re.compile(r"^Essence "))).to_have_text(
        f"Essence {have} / {stat}", timeout=LIVE))


def expect_track(table: Page, watch: Page, name: str, label: str) -> None:
    on_both(table, watch, lambda p: expect(track(p, name)).to_have_attribute("aria-label", label, timeout=LIVE))


def expect_status(table: Page, watch: Page, name: str, words: str) -> None:
    on_both(table, watch, lambda p: expect(model(p, name).get_by_text(words, exact=True)).to_be_visible(
        timeout=LIVE))


def expect_text(table: Page, watch: Page, name: str, text: str) -> None:
    on_both(table, watch, lambda p: expect(model(p, name)).to_contain_text(text, timeout=LIVE))


def expect_no_text(table: Page, watch: Page, name: str, text: str) -> None:
    on_both(table, watch, lambda p: expect(model(p, name)).not_to_contain_text(text, timeout=LIVE))


def expect_turn(table: Page, watch: Page, round_no: int, player: str, phase: str) -> None:
    for p in (table, watch):
        bar = turn_bar(p)
        expect(bar).to_contain_text(f"Round {round_no}", timeout=LIVE)
        expect(bar).to_contain_text(f"{player}'s turn", timeout=LIVE)
        expect(bar).to_contain_text(phase, timeout=LIVE)


def expect_logged(table: Page, watch: Page, text: str) -> None:
    on_both(table, watch, lambda p: expect(game_log(p)).to_contain_text(text, timeout=LIVE))


# -- the steps of a turn -------------------------------------------------------------------------------------

# Steps with nothing to decide pass by themselves: a turn stops at replenishing when a master may sacrifice or leech, at
# allocation when a horror can take essence, at activation, and at the tithe.
REPLENISH = "Control: Replenish essence: sacrifice or leech"
ALLOCATE = "Control: Allocate essence to horrors"
ACTIVATION = "Activation: Activate every model"
TITHE = "End of turn: Tithe: each horror pays 1 essence or leaves"


def apply_damage(page: Page, name: str, amount: int) -> None:
    """Type an amount on a model's card and apply it (a master's transfer prompt then opens)."""
    card = model(page, name)
    card.get_by_label(f"Damage to apply to {name}").fill(str(amount))
    card.get_by_role("button", name=f"Apply damage to {name}", exact=True).click()


def transfer_prompt(page: Page, master: str, amount: int) -> Locator:
    prompt = page.get_by_role("dialog").filter(has_text=f"{master} would suffer {amount} damage")
    expect(prompt).to_be_visible()
    return prompt


def let_fall(table: Page, watch: Page, name: str) -> None:
    """Damage application (doc 002): every box marked, the model is disabled, boxed and destroyed in the same tap,
    since no rule in play acts at those steps (no Tough): the attack panel never opens on either page."""
    expect_logged(table, watch, f"{name} is disabled and boxed: every damage box is marked, and no rule in play "
                                "acts on it.")
    on_both(table, watch, lambda p: expect(p.get_by_role("region", name="Attack")).to_be_hidden())


def points_dialog(page: Page, title: str, hint: str, points: int) -> None:
    """The small "Points" dialog of leech, heal and allocate: its title, what each point costs, the number."""
    dialog = page.get_by_role("dialog").filter(has_text=title)
    expect(dialog).to_contain_text(hint)
    dialog.get_by_role("spinbutton", name="Points").fill(str(points))
    dialog.get_by_role("button", name="OK").click()
    expect(dialog).to_be_hidden()


def save_screenshots(table: Page, watch: Page) -> None:
    """README screenshots, only when asked (TK_SCREENSHOTS=1), so CI never rewrites them."""
    if os.environ.get("TK_SCREENSHOTS") != "1":
        return
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for page, name in ((table, "table"), (watch, "watch")):
        expect(page.get_by_role("alert")).to_have_count(0, timeout=10_000)  # no toast in the picture
        page.evaluate("window.scrollTo(0, 0)")  # a full-page picture of a scrolled page misplaces the fixed header
        page.screenshot(path=Path(SCREENSHOTS, f"{name}.png"), full_page=True)


# -- the game ------------------------------------------------------------------------------------------------

def test_two_rounds_of_agathon_against_omodamos_with_the_watch_page_following(browser: Browser,
                                                                              server: Server) -> None:
    table_context = browser.new_context(viewport=VIEWPORT)
    watch_context = browser.new_context(viewport=VIEWPORT)
    dialogs: list[str] = []
    try:
        table = table_context.new_page()
        table.set_default_timeout(10_000)
        table.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        table.add_init_script(COUNT_TURN_TAPS)
        taps = []

        # Set-up: Ann plays Agathon, the Guardian of Souls and a Cultist Band (the Marked Souls he sacrifices
        # and summons through); Bea plays Omodamos with a Lamenter and a Tormentor.
        table.goto(server.url("/"))
        table.get_by_role("textbox", name="Game title", exact=True).fill("Agathon against Omodamos")
        first, second = (table.get_by_role("group", name=f"Player {n}", exact=True) for n in (1, 2))
        first.get_by_role("textbox", name="Player 1 name").fill(ANN)
        choose(table, first.get_by_role("combobox", name="Caster"), "Agathon")
        choose(table, first.get_by_role("combobox", name="Horror"), GUARDIAN)
        first.get_by_role("button", name="Add horror for player 1").click()
        expect(first.get_by_role("button", name=f"Remove {GUARDIAN}")).to_be_visible()
        choose(table, first.get_by_role("combobox", name="Unit or solo"), CULTISTS)
        first.get_by_role("button", name="Add model for player 1").click()
        expect(first.get_by_role("button", name=f"Remove {CULTISTS}")).to_be_visible()
        second.get_by_role("textbox", name="Player 2 name").fill(BEA)
        choose(table, second.get_by_role("combobox", name="Caster"), "Omodamos")
        for horror in ("Lamenter", "Tormentor"):
            choose(table, second.get_by_role("combobox", name="Horror"), horror)
            second.get_by_role("button", name="Add horror for player 2").click()
            expect(second.get_by_role("button", name=f"Remove {horror}")).to_be_visible()
        table.get_by_role("button", name="Start game", exact=True).click()
        # Omodamos's card has no ESSENCE and no damage boxes, his horrors no web rings: before the game starts,
        # Bea's screen asks for them and she types them from her cards.
        rings = ("Boxes in the outer ring", "Boxes in the middle ring", "Boxes in the centre ring")
        complete_pregame(table, BEA, {"Omodamos": {"ESSENCE": 7, "Damage boxes": 18},
                                      "Lamenter": dict(zip(rings, (8, 6, 4), strict=True)),
                                      "Tormentor": dict(zip(rings, (12, 7, 5), strict=True))})
        expect(table).to_have_url(re.compile(r"/table/[0-9a-f]+/[\w-]+$"))
        expect_turn(table, table, 1, ANN, REPLENISH)  # Agathon may sacrifice a cultist

        watch_url = watch_address(table)
        watch = watch_context.new_page()
        watch.set_default_timeout(10_000)
        watch.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        assert watch.goto(watch_url).status == 200
        expect_turn(table, watch, 1, ANN, REPLENISH)
        expect_essence(table, watch, "Agathon", 9, 9)
        expect_track(table, watch, "Agathon", boxes(0, 17))
        expect_text(table, watch, CULTISTS, "Unit: 4 of 4 models in play")

        expect_essence(table, watch, "Omodamos", 7, 7)
        expect_text(table, watch, "Omodamos", 'CTRL 14"')
        expect_track(table, watch, "Omodamos", boxes(0, 18))
        expect_track(table, watch, "Lamenter", web((0, 8), (0, 6), (0, 4)))
        expect_track(table, watch, "Tormentor", web((0, 12), (0, 7), (0, 5)))

        # ---- Round 1, Ann ----------------------------------------------------------------------------------
        expect_turn(table, watch, 1, ANN, REPLENISH)
        turn_taps(table)
        # Agathon is full: the guide offers the leech, greyed with the reason.
        greyed(table, action(table, "Leech", "Agathon", within=guide(table)),
               "Agathon has 9 of 9 essence: leeching can add at most 0.")
        next_step(table, ACTIVATION)  # every horror is full: nothing to allocate
        expect_logged(table, watch, "Control: Allocate essence to horrors: nothing to decide.")
        expect(guide(table)).to_be_hidden()

        action(table, "Activate", "Agathon").click()
        expect_status(table, watch, "Agathon", "Activated")

        # Summon: a Foreboder, through a cultist; its card lacks the ring split, entered right in the dialog.
        action(table, "Summon", "Agathon").click()
        summon = table.get_by_role("dialog").filter(has_text="Agathon summons a horror")
        choose(table, summon.get_by_role("combobox", name="Vessel (a Marked Soul)"), f"{CULTISTS}: Cultist 1")
        choose(table, summon.get_by_role("combobox", name="Horror"), "Foreboder")
        expect(summon).to_contain_text("Cost: 1 essence (Agathon has 9)")
        expect(summon).to_contain_text("Enter Foreboder's web rings from your card")
        rings = (("Outer ring", 8), ("Middle ring", 4), ("Centre ring", 2))

        def summon_out_of_range() -> None:  # the rings typed (again, on a retry: a late redraw empties them)
            for ring, count in rings:
                summon.get_by_role("spinbutton", name=ring).fill(str(count))
                expect(summon.get_by_role("spinbutton", name=ring)).to_have_value(str(count))
            summon.get_by_role("button", name="Summon").click()

        refused(table, summon_out_of_range,
                "Cultist Band: Cultist 1 must be in Agathon's command range to be the vessel.")
        tick(summon.get_by_role("checkbox", name="The vessel is in Agathon's command range"))
        summon.get_by_role("button", name="Summon").click()
        expect(summon).to_be_hidden()
        expect_essence(table, watch, "Agathon", 8, 9)
        expect_essence(table, watch, "Foreboder", 1, 1)
        expect_track(table, watch, "Foreboder", web((0, 8), (0, 4), (0, 2)))
        expect_text(table, watch, CULTISTS, "Unit: 3 of 4 models in play")
        expect_logged(table, watch, "Foreboder arrives in Agathon's battlegroup with 1 essence")
        greyed(table, action(table, "Summon", "Agathon"), "Agathon has already summoned a horror this turn.")

        # The feat: once per game, then greyed with the reason.
        action(table, "Feat", "Agathon").click()
        expect_text(table, watch, "Agathon", "Feat used")
        expect_logged(table, watch, "Agathon uses its feat.")
        greyed(table, action(table, "Feat", "Agathon"), "Agathon has already used its feat this game.")

        # The Foreboder arrived this turn: it forfeits its combat action.
        action(table, "Activate", "Foreboder").click()
        expect_status(table, watch, "Foreboder", "Activated")
        greyed(table, action(table, "Boost attack", "Foreboder"),
               "Foreboder was summoned this turn and forfeits its combat action.")

        # The Guardian hits Omodamos for 5; Omodamos sends it to his Lamenter (1 essence).
        action(table, "Activate", GUARDIAN).click()
        expect_status(table, watch, GUARDIAN, "Activated")
        expect_status(table, watch, "Agathon", "Done this turn")
        apply_damage(table, "Omodamos", 5)
        prompt = transfer_prompt(table, "Omodamos", 5)
        expect(prompt.get_by_role("button", name="Transfer to Tormentor (24 boxes free)")).to_be_visible()
        expect(prompt.get_by_role("button", name="Omodamos takes it")).to_be_visible()
        prompt.get_by_role("button", name="Transfer to Lamenter (18 boxes free)").click()
        expect(prompt).to_be_hidden()
        expect_essence(table, watch, "Omodamos", 6, 7)
        expect_track(table, watch, "Omodamos", boxes(0, 18))
        expect_track(table, watch, "Lamenter", web((5, 8), (0, 6), (0, 4)))

        # End of turn: the tithe prompt lists both horrors; Ann pays for both.
        next_step(table, TITHE)
        tithe = turn_bar(table)
        expect(tithe).to_contain_text(f"{GUARDIAN} (4 essence)")
        expect(tithe).to_contain_text("Foreboder (1 essence)")
        tithe.get_by_role("button", name=f"Pay tithe for {GUARDIAN}").click()
        expect_essence(table, watch, GUARDIAN, 3, 4)
        tithe.get_by_role("button", name="Pay tithe for Foreboder").click()  # the last tithe ends Ann's turn
        expect_essence(table, watch, "Foreboder", 0, 1)
        expect_turn(table, watch, 1, BEA, REPLENISH)  # Omodamos paid 1 essence for the transfer
        expect_logged(table, watch, "End of turn: Tithe: each horror pays 1 essence or leaves: nothing more to decide.")
        taps.append(turn_taps(table))

        # ---- Round 1, Bea ----------------------------------------------------------------------------------
        # No model of Bea's has a soul to sacrifice; Omodamos leeches back the point the transfer cost.
        greyed(table, action(table, "Sacrifice", "Omodamos", within=guide(table)),
               "No friendly model with a soul is in play to sacrifice.")
        action(table, "Leech", "Omodamos", within=guide(table)).click()
        points_dialog(table, "Leech essence for Omodamos", "Each point leeched costs 1 damage.", 1)
        expect_essence(table, watch, "Omodamos", 7, 7)
        expect_track(table, watch, "Omodamos", boxes(1, 18))
        expect_logged(table, watch, "Omodamos leeches 1 essence from its own life.")
        # Full again, and nothing of Bea's to sacrifice or to give essence to: her control phase is over by itself.
        expect_turn(table, watch, 1, BEA, ACTIVATION)
        expect_logged(table, watch, "Control: Replenish essence: sacrifice or leech: nothing more to decide.")

        # The Lamenter cripples the Guardian's outer ring: the card says what that means, on both pages.
        action(table, "Activate", "Lamenter").click()
        expect_status(table, watch, "Lamenter", "Activated")
        apply_damage(table, GUARDIAN, 30)
        expect_track(table, watch, GUARDIAN, web((30, 30), (0, 16), (0, 10)))
        expect_text(table, watch, GUARDIAN, CRIPPLED_OUTER)
        expect(alert(table, f"{GUARDIAN}'s outer ring is crippled")).to_be_visible()

        # The Tormentor hits Agathon for 16: transferred to the Foreboder (14 boxes), 2 come back to Agathon.
        action(table, "Activate", "Tormentor").click()
        expect_status(table, watch, "Tormentor", "Activated")
        apply_damage(table, "Agathon", 16)
        prompt = transfer_prompt(table, "Agathon", 16)
        expect(prompt.get_by_role("button", name=f"Transfer to {GUARDIAN} (26 boxes free)")).to_be_visible()
        expect(prompt.get_by_role("button", name="Agathon takes it")).to_be_visible()
        prompt.get_by_role("button", name="Transfer to Foreboder (14 boxes free, 2 comes back)").click()
        expect(prompt).to_be_hidden()
        expect_essence(table, watch, "Agathon", 7, 9)
        expect_track(table, watch, "Foreboder", web((8, 8), (4, 4), (2, 2)))
        let_fall(table, watch, "Foreboder")
        expect_status(table, watch, "Foreboder", "Destroyed")
        expect_track(table, watch, "Agathon", boxes(2, 17))
        expect_logged(table, watch, "Agathon suffers 2 damage (transferred damage that did not fit).")

        next_step(table, TITHE)
        expect(tithe).to_contain_text("Lamenter (3 essence)")
        tithe.get_by_role("button", name="Pay tithe for Lamenter").click()
        expect_essence(table, watch, "Lamenter", 2, 3)
        tithe.get_by_role("button", name="Pay tithe for Tormentor").click()
        expect_essence(table, watch, "Tormentor", 3, 4)
        expect_turn(table, watch, 2, ANN, REPLENISH)
        taps.append(turn_taps(table))

        # ---- Round 2, Ann ----------------------------------------------------------------------------------
        # Sacrifice in the guide: a cultist, refused until the player says it is in Agathon's control range.
        action(table, "Sacrifice", "Agathon", within=guide(table)).click()
        sacrifice = table.get_by_role("dialog").filter(has_text="Agathon sacrifices a model")
        choices = sacrifice.get_by_role("radio")
        expect(choices).to_have_count(3)
        tick(sacrifice.get_by_role("radio", name=f"{CULTISTS}: Cultist 2"))
        refused(table, lambda: sacrifice.get_by_role("button", name="Sacrifice").click(),
                "Cultist Band: Cultist 2 must be in Agathon's control range to be sacrificed.")
        tick(sacrifice.get_by_role("checkbox", name='It is in Agathon\'s control range (18")'))
        sacrifice.get_by_role("button", name="Sacrifice").click()
        expect(sacrifice).to_be_hidden()
        expect_essence(table, watch, "Agathon", 9, 9)
        expect_text(table, watch, CULTISTS, "Unit: 2 of 4 models in play")
        expect_logged(table, watch, "Agathon sacrifices Cultist Band: Cultist 2 and refills to 9 essence.")
        # One way or the other: no leech after a sacrifice, so replenishing is over; the Guardian has room for
        # essence (3 of 4): the turn waits at allocation.
        expect_turn(table, watch, 2, ANN, ALLOCATE)
        expect_logged(table, watch, "Control: Replenish essence: sacrifice or leech: nothing more to decide.")
        next_step(table, ACTIVATION)

        # Agathon heals the Guardian (innermost ring first): its outer ring is no longer crippled.
        action(table, "Activate", "Agathon").click()
        expect_status(table, watch, "Agathon", "Activated")
        greyed(table, action(table, "Feat", "Agathon"), "Agathon has already used its feat this game.")
        action(table, "Heal", GUARDIAN).click()
        points_dialog(table, f"Agathon heals {GUARDIAN}", "1 essence per damage point", 2)
        expect_essence(table, watch, "Agathon", 7, 9)
        expect_track(table, watch, GUARDIAN, web((28, 30), (0, 16), (0, 10)))
        expect_no_text(table, watch, GUARDIAN, CRIPPLED_OUTER)
        expect_logged(table, watch, f"{GUARDIAN} has 2 damage removed; its outer ring is no longer crippled.")
        save_screenshots(table, watch)

        # Agathon kills Omodamos (17 more on his 18 boxes; he takes it himself): his horrors leave with him.
        apply_damage(table, "Omodamos", 17)
        prompt = transfer_prompt(table, "Omodamos", 17)
        prompt.get_by_role("button", name="Omodamos takes it").click()
        expect(prompt).to_be_hidden()
        expect_track(table, watch, "Omodamos", boxes(18, 18))
        let_fall(table, watch, "Omodamos")
        expect_status(table, watch, "Omodamos", "Destroyed")
        expect_status(table, watch, "Lamenter", "Removed from play: its master is gone")
        expect_status(table, watch, "Tormentor", "Removed from play: its master is gone")
        expect_logged(table, watch, "Lamenter is removed from play: its master Omodamos is gone.")
        expect_logged(table, watch, "Tormentor is removed from play: its master Omodamos is gone.")

        # The Guardian's tithe goes unpaid.
        next_step(table, TITHE)
        expect(tithe).to_contain_text(f"{GUARDIAN} (3 essence)")
        expect(tithe.get_by_role("button", name=re.compile(r"^Pay tithe for"))).to_have_count(1)
        tithe.get_by_role("button", name=f"Let {GUARDIAN} go").click()
        expect_status(table, watch, GUARDIAN, "Removed from play: tithe not paid")
        expect_logged(table, watch, f"{GUARDIAN} is removed from play: its tithe was not paid.")
        expect_turn(table, watch, 2, BEA, ACTIVATION)
        taps.append(turn_taps(table))

        # ---- Round 2, Bea: nothing of hers is left in play: her turn is one tap --------------------------------
        expect(turn_bar(table).get_by_role("button", name=re.compile(r"^(Pay tithe for|Let .* go)"))).to_have_count(0)
        hand_over(table, ANN)
        expect_turn(table, watch, 3, ANN, REPLENISH)
        taps.append(turn_taps(table))
        print(f"\ntaps on the turn line, turn by turn (Ann, Bea, Ann, Bea): {taps}")
        assert taps == [4, 3, 3, 1]
        expect_status(table, watch, "Omodamos", "Destroyed")
        expect_essence(table, watch, "Agathon", 7, 9)
        expect_track(table, watch, "Agathon", boxes(2, 17))

        assert dialogs == [], f"a JavaScript dialog opened: {dialogs}"
    finally:
        table_context.close()
        watch_context.close()

"""The other side of the table, played in a real Chromium on the table page while a friend follows on the watch page.

Game 1 - Agathon's battlegroup against a warlock with a warbeast. The warlock card is typed in on /cards (test
numbers, as a player would from their own card); the Dire Troll Blitzer's card (THR 9 from the reference) is
completed before the game with its FURY and spiral (tapped in on the pre-game screen). Tro goes first: his
warlock casts a spell and forces the Blitzer; Ann's Guardian of Souls attacks the Blitzer with the attack
assistant (typed dice, the damage enters the Body branch); in Tro's next control phase the warlock leeches, the
turn will not pass the frenzy step with a threshold check due, the Blitzer fails its check (4 + 4 + 2 fury = 10
> THR 9) and frenzies: its forced behaviour is shown step by step, the frenzy ends with fury removed and its
activation is used up.

Game 2 - a warcaster with a warjack and a Trencher Blockhouse against a Grymkin warlock. The three cards are
typed in on /cards (the warjack's grid tapped in the card editor); the Blockhouse's boxes are completed on the
pre-game screen. The Grymkin player reveals three Arcana cards, plays one in the opponent's turn and is refused a
second that turn; the warjack powers up and is given focus; in the Grymkin turn the warlock plays its second
card, hits the warjack (dice rolled by the app) so that the damage cripples its left arm, and hits the
Blockhouse in melee (no attack roll against a structure), which cannot be knocked down.

Every change is asserted on the watch page too, within LIVE ms. Selectors are roles and accessible names.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from tests.e2e.finders import action, alert, complete_pregame, model, tap_drawing, track, turn_bar, watch_address

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

LIVE = 2000  # ms: the watch page shows a change within a second or two
VIEWPORT = {"width": 1280, "height": 900}
BLITZER_SPIRAL = ("...MM", "....BB", "...SS")  # test branches, as a player taps them from their card
ANN, TRO, CY, GRY = "Ann", "Tro", "Cy", "Gry"
WARLOCK, BLITZER, GUARDIAN = "Madrak Test", "Dire Troll Blitzer", "Guardian of Souls"
CASTER, JACK, BLOCKHOUSE, GRYMKIN = "Stryker Test", "Ironclad Test", "Trencher Blockhouse", "Dreamer Test"
JACK_GRID = ("-.LL.-", "..LM..", "..MC..", "..CM..", "..RM..", "-.RR.-")
LEFT_ARM = "Left arm system crippled: Weapons in the left arm roll one fewer die to hit and to damage"


# -- finding things as a person does -----------------------------------------------------------------------

def guide(page: Page) -> Locator:
    return page.get_by_role("region", name="Control phase guide")


def attack_panel(page: Page) -> Locator:
    return page.get_by_role("region", name="Attack")


def dialog(page: Page, text: str) -> Locator:
    return page.get_by_role("dialog").filter(has_text=text)


def choose(page: Page, field: Locator, option: str) -> None:
    """Pick an option of a select. Quasar gives the focus back to the select once its menu has gone: wait for
    that too, or text typed next may land in the select instead of the next field."""
    field.click()
    page.get_by_role("option", name=option, exact=True).click()
    expect(page.get_by_role("listbox")).to_have_count(0)
    expect(field).to_have_value(option)
    expect(field).to_be_focused()


def type_into(box: Locator, value: str) -> None:
    """Fill a field and see that it keeps the text. A Quasar select hands the focus back to itself when its
    menu closes, which can take the keystrokes of a field typed into right after: type those again."""
    for attempt in range(3):
        box.fill(value)
        try:
            expect(box).to_have_value(value, timeout=1500)
            return
        except AssertionError:
            if attempt == 2:
                raise


def refused(page: Page, do: Callable[[], None], message: str) -> None:
    before = alert(page, message).count()
    do()
    expect(alert(page, message)).to_have_count(before + 1)


def greyed(page: Page, button: Locator, reason: str) -> None:
    """A greyed control says why: aria-disabled, the reason as its title, and again when tapped."""
    expect(button).to_be_disabled()
    expect(button).to_have_attribute("title", reason)
    refused(page, lambda: button.dispatch_event("click"), reason)  # to the button itself: aria-disabled


def next_steps(page: Page, *expected: str) -> None:
    for step in expected:
        turn_bar(page).get_by_role("button", name=re.compile(r"^Next")).click()
        expect(turn_bar(page)).to_contain_text(step)


def hand_over(page: Page, to: str) -> None:
    turn_bar(page).get_by_role("button", name=f"End turn: hand over to {to}").click()
    expect(turn_bar(page)).to_contain_text(f"{to}'s turn")


def on_both(table: Page, watch: Page, check: Callable[[Page], None]) -> None:
    check(table)
    check(watch)


def expect_text(table: Page, watch: Page, name: str, text: str) -> None:
    on_both(table, watch, lambda p: expect(model(p, name)).to_contain_text(text, timeout=LIVE))


def expect_track(table: Page, watch: Page, name: str, label: str | re.Pattern) -> None:
    on_both(table, watch, lambda p: expect(track(p, name)).to_have_attribute("aria-label", label, timeout=LIVE))


def expect_status(table: Page, watch: Page, name: str, words: str) -> None:
    on_both(table, watch, lambda p: expect(model(p, name).get_by_text(words, exact=True)).to_be_visible(
        timeout=LIVE))


def expect_logged(table: Page, watch: Page, text: str) -> None:
    on_both(table, watch, lambda p: expect(p.get_by_role("region", name="Game log")).to_contain_text(
        text, timeout=LIVE))


def spiral(mind: int, body: int, spirit: int, crippled: str = "nothing crippled") -> str:
    return (f"Damage spiral: Mind branch {mind} of 5 marked, Body branch {body} of 6 marked, "
            f"Spirit branch {spirit} of 5 marked; {crippled}")


# -- set-up through the pages --------------------------------------------------------------------------------

def new_card(page: Page, fields: dict[str, str], selects: dict[str, str], grid: tuple[str, ...] = ()) -> None:
    """Type a card in on /cards from the player's own stat card (a warjack's ``grid`` tapped in) and keep it in
    this browser's card book."""
    editor = page.get_by_role("region", name="Card editor")
    editor.get_by_role("button", name="New card").click()
    # The whole blank form is back before typing (a field typed into before the reset reached it is reset).
    expect(editor.get_by_label("Name", exact=True)).to_have_value("")
    expect(editor.get_by_label("Faction", exact=True)).to_have_value("Infernals")
    expect(editor.get_by_label("Source", exact=True)).to_have_value("my own stat card")
    for label in ("Role", "Weight", "Damage kind"):
        if label in selects:
            choose(page, editor.get_by_role("combobox", name=label, exact=True), selects[label])
    # The server shows the damage fields of the kind chosen: wait for that before typing into them.
    if grid:
        expect(editor.get_by_role("button", name="Column 1, box 1: no box")).to_be_visible()
        tap_drawing(editor, grid)
    else:
        expect(editor.get_by_label("Damage boxes", exact=True)).to_be_visible()
    for _ in range(2):  # typed, then checked once more just before saving
        for label, value in fields.items():
            type_into(editor.get_by_label(label, exact=True), value)
    name = fields["Name"]
    editor.get_by_role("button", name="Save card in my card book").click()
    expect(alert(page, f"Saved the card {name} in your card book.")).to_be_visible()


def start_game(page: Page, title: str, sides: list[dict], first: int) -> None:
    """The home page: a title, each player's caster, battlegroup and other models, who goes first; a side's
    "facts" (card: {label: value}) and "drawings" (card: grid columns or spiral branches) go on its pre-game
    screen."""
    page.goto(page.url.split("/cards")[0] + "/")
    type_into(page.get_by_role("textbox", name="Game title", exact=True), title)
    for n, side in enumerate(sides, 1):
        form = page.get_by_role("group", name=f"Player {n}", exact=True)
        type_into(form.get_by_label(f"Player {n} name"), side["player"])
        choose(page, form.get_by_role("combobox", name="Caster"), side["caster"])
        for beast in side.get("battlegroup", ()):
            choose(page, form.get_by_role("combobox", name="Warjack or warbeast"), beast)
            form.get_by_role("button", name=f"Add warjack or warbeast for player {n}").click()
            expect(form.get_by_role("button", name=f"Remove {beast}")).to_be_visible()
        for horror in side.get("horrors", ()):
            choose(page, form.get_by_role("combobox", name="Horror"), horror)
            form.get_by_role("button", name=f"Add horror for player {n}").click()
            expect(form.get_by_role("button", name=f"Remove {horror}")).to_be_visible()
        for other in side.get("others", ()):
            choose(page, form.get_by_role("combobox", name="Unit or solo"), other)
            form.get_by_role("button", name=f"Add model for player {n}").click()
            expect(form.get_by_role("button", name=f"Remove {other}")).to_be_visible()
    if first:
        choose(page, page.get_by_role("combobox", name="Who goes first", exact=True), "Player 2 goes first")
    page.get_by_role("button", name="Start game", exact=True).click()
    for side in sides:
        if "facts" in side or "drawings" in side:
            complete_pregame(page, side["player"], side.get("facts", {}), side.get("drawings"))
    expect(page).to_have_url(re.compile(r"/table/[0-9a-f]+/[\w-]+$"))


def open_watch(table: Page, context: BrowserContext, server: Server) -> Page:
    url = watch_address(table)
    watch = context.new_page()
    watch.set_default_timeout(10_000)
    assert watch.goto(url).status == 200
    return watch


def points_dialog(page: Page, title: str, points: int, ok: str = "OK") -> None:
    form = dialog(page, title)
    expect(form).to_be_visible()
    form.get_by_label("Points", exact=True).fill(str(points))
    form.get_by_role("button", name=ok, exact=True).click()
    expect(form).to_be_hidden()


def declare(page: Page, attacker: str, target: str, kind: str) -> None:
    """The attack assistant's first step: who attacks whom, and how."""
    action(page, "Attack", attacker).click()
    form = dialog(page, f"{attacker} attacks")
    choose(page, form.get_by_role("combobox", name="Target"), target)
    form.get_by_role("radio", name=kind, exact=True).click()
    expect(form.get_by_role("radio", name=kind, exact=True)).to_be_checked()
    form.get_by_role("button", name="Declare the attack").click()
    expect(form).to_be_hidden()


def with_pages(browser: Browser, play: Callable[[Page, BrowserContext], None]) -> None:
    table_context = browser.new_context(viewport=VIEWPORT)
    watch_context = browser.new_context(viewport=VIEWPORT)
    dialogs: list[str] = []
    try:
        table = table_context.new_page()
        table.set_default_timeout(10_000)
        table.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        play(table, watch_context)
        assert dialogs == [], f"a JavaScript dialog opened: {dialogs}"
    finally:
        table_context.close()
        watch_context.close()


# -- game 1: Agathon's battlegroup against a warlock and a Dire Troll Blitzer ---------------------------------

def test_agathon_against_a_warlock_whose_blitzer_frenzies(browser: Browser, server: Server) -> None:
    def play(table: Page, watch_context: BrowserContext) -> None:
        table.goto(server.url("/cards"))
        new_card(table, {"Name": WARLOCK, "Faction": "Trollbloods", "FURY": "6", "Damage boxes": "18"},
                 {"Role": "Warlock", "Damage kind": "Boxes"})
        start_game(table, "Agathon against the trolls", [
            {"player": ANN, "caster": "Agathon", "horrors": [GUARDIAN]},
            {"player": TRO, "caster": WARLOCK, "battlegroup": [BLITZER], "facts": {BLITZER: {"FURY": 4}},
             "drawings": {BLITZER: BLITZER_SPIRAL}}], first=1)
        watch = open_watch(table, watch_context, server)
        expect_text(table, watch, WARLOCK, "Fury 6 / 6")
        expect_text(table, watch, WARLOCK, 'CTRL 12"')

        # The shipped Blitzer has THR 9 and a spiral without branches: Tro gave the rest from his card before
        # the game (its FURY typed, its spiral tapped in).
        expect_text(table, watch, BLITZER, "Fury 0 / 4")
        expect_text(table, watch, BLITZER, "THR 9")
        expect_track(table, watch, BLITZER, spiral(0, 0, 0))

        # ---- Round 1, Tro: the warlock casts, the Blitzer is forced ----------------------------------------
        # The warlock is full and the Blitzer has no fury: nothing to decide before activation.
        expect(turn_bar(table)).to_contain_text("Activation: Activate every model")
        expect_logged(table, watch, "Control: Leech fury: nothing to decide.")
        action(table, "Activate", WARLOCK).click()
        expect_text(table, watch, WARLOCK, "Activated")
        checklist = model(table, WARLOCK).get_by_text("The activation sequence")
        checklist.click()  # the timing chart to tick through
        expect(model(table, WARLOCK).get_by_role("checkbox", name=re.compile(r"^Normal movement"))).to_be_visible()
        action(table, "Cast spell", WARLOCK).click()
        spell = dialog(table, f"{WARLOCK} casts a spell")
        spell.get_by_label("Spell", exact=True).fill("Test spell")
        spell.get_by_label("COST", exact=True).fill("2")
        spell.get_by_role("button", name="Cast", exact=True).click()
        expect(spell).to_be_hidden()
        expect_text(table, watch, WARLOCK, "Fury 4 / 6")
        action(table, "Activate", BLITZER).click()
        expect_status(table, watch, BLITZER, "Activated")
        action(table, "Force", BLITZER).click()
        force = dialog(table, f"Force {BLITZER}")
        force.get_by_label("Points", exact=True).fill("3")
        force.get_by_label("What for", exact=True).fill("its animus")
        force.get_by_role("button", name="Force", exact=True).click()
        expect(force).to_be_hidden()
        expect_text(table, watch, BLITZER, "Fury 3 / 4")
        expect_logged(table, watch, f"{BLITZER} is forced: its animus (+3 fury, now 3 of 4).")
        hand_over(table, ANN)  # a warlock's end of turn has nothing to decide

        # ---- Round 1, Ann: the Guardian of Souls hits the Blitzer ------------------------------------------
        expect(turn_bar(table)).to_contain_text("Activation: Activate every model")
        action(table, "Activate", GUARDIAN).click()
        expect_status(table, watch, GUARDIAN, "Activated")
        declare(table, GUARDIAN, BLITZER, "Melee")
        on_both(table, watch, lambda p: expect(attack_panel(p)).to_contain_text(
            f"{GUARDIAN}: melee attack against {BLITZER}", timeout=LIVE))
        panel = attack_panel(table)
        expect(panel).to_contain_text("Waiting for the attack roll.")
        panel.get_by_label("Attack dice", exact=True).fill("5 4")
        panel.get_by_role("button", name=f"The attack hits {BLITZER}").click()
        expect(panel).to_contain_text("Waiting for the damage roll.")
        panel.get_by_label("Damage dice", exact=True).fill("6 5")
        panel.get_by_label("Damage points after ARM", exact=True).fill("4")
        choose(table, panel.get_by_role("combobox", name="Where the damage goes in (d6)"), "3 (Body branch)")
        panel.get_by_role("button", name=f"Apply the damage to {BLITZER}").click()
        expect_track(table, watch, BLITZER, spiral(0, 4, 0))
        on_both(table, watch, lambda p: expect(attack_panel(p)).to_be_hidden(timeout=LIVE))
        expect_logged(table, watch, f"Attack roll 5+4: {GUARDIAN} hits {BLITZER}.")
        expect_logged(table, watch, f"Damage roll 6+5: 4 damage to {BLITZER}.")
        next_steps(table, "End of turn: Tithe")
        turn_bar(table).get_by_role("button", name=f"Pay tithe for {GUARDIAN}").click()  # the last: Tro's turn
        expect_text(table, watch, GUARDIAN, "Essence 3 / 4")

        # ---- Round 2, Tro: leech, threshold check, frenzy --------------------------------------------------
        expect(turn_bar(table)).to_contain_text("Control: Leech fury")
        expect(guide(table)).to_contain_text("Warlocks may leech fury from warbeasts of their battlegroup")
        action(table, "Leech fury", WARLOCK, within=guide(table)).click()
        leech = dialog(table, f"{WARLOCK} leeches fury")
        expect(leech.get_by_role("radio", name=f"{BLITZER} (3 fury)")).to_be_checked()
        points_dialog(table, f"{WARLOCK} leeches fury", 1, ok="Leech")
        expect_text(table, watch, WARLOCK, "Fury 5 / 6")
        expect_text(table, watch, BLITZER, "Fury 2 / 4")
        next_steps(table, "Control: Threshold checks and frenzy")  # spirit bond, upkeep: nothing to decide
        # The turn does not pass the frenzy step while a check is due.
        greyed(table, turn_bar(table).get_by_role("button", name=re.compile(r"^Next")),
               f"Threshold checks are still due for: {BLITZER}.")
        action(table, "Threshold check", BLITZER, within=guide(table)).click()
        check = dialog(table, f"Threshold check for {BLITZER}")
        expect(check).to_contain_text("2d6 + 2 fury against THR 9: above THR it frenzies.")
        check.get_by_label("Threshold dice (2d6)", exact=True).fill("4 4")
        check.get_by_role("button", name="Check").click()
        expect(check).to_be_hidden()
        expect(alert(table, f"{BLITZER} fails its threshold check: 8 + 2 fury = 10, above THR 9.")).to_be_visible()
        expect_status(table, watch, BLITZER, "Frenzied")
        frenzy = model(table, BLITZER).get_by_role("group", name=f"{BLITZER}'s frenzy")
        expect(frenzy).to_contain_text("1. It activates at once, here in the control phase")
        expect(frenzy).to_contain_text("3. It charges straight at the nearest model it can see")  # all at once
        expect(model(watch, BLITZER).get_by_role("group", name=f"{BLITZER}'s frenzy")).to_contain_text(
            "4. It makes one attack against that model", timeout=LIVE)
        action(table, "End frenzy", BLITZER).click()
        end = dialog(table, f"End {BLITZER}'s frenzy")
        end.get_by_label("Fury to remove", exact=True).fill("1")
        end.get_by_role("button", name="End frenzy").click()
        expect(end).to_be_hidden()
        expect_status(table, watch, BLITZER, "Done this turn")
        expect_text(table, watch, BLITZER, "Fury 1 / 4")
        expect_logged(table, watch, f"{BLITZER} is no longer frenzied and its activation is over; 1 fury removed.")
        on_both(table, watch, lambda p: expect(model(p, BLITZER).get_by_role(
            "group", name=f"{BLITZER}'s frenzy")).to_be_hidden(timeout=LIVE))
        # The frenzy over and no check left, nothing more to decide in the control phase: the turn moves on.
        expect(turn_bar(table)).to_contain_text("Activation: Activate every model")
        expect_logged(table, watch, "Control: Threshold checks and frenzy: nothing more to decide.")
        # Its activation this turn was the frenzy.
        greyed(table, action(table, "Activate", BLITZER), f"{BLITZER} has already activated this turn.")

    with_pages(browser, play)


# -- game 2: a warcaster, its warjack and a Trencher Blockhouse against a Grymkin warlock ----------------------

def test_warcaster_warjack_and_blockhouse_against_a_grymkin_warlock(browser: Browser, server: Server) -> None:
    def play(table: Page, watch_context: BrowserContext) -> None:
        table.goto(server.url("/cards"))
        new_card(table, {"Name": CASTER, "Faction": "Cygnar", "FOCUS": "6", "Damage boxes": "17"},
                 {"Role": "Warcaster", "Damage kind": "Boxes"})
        new_card(table, {"Name": JACK, "Faction": "Cygnar"},
                 {"Role": "Warjack", "Weight": "Heavy", "Damage kind": "Grid (warjack)"}, grid=JACK_GRID)
        new_card(table, {"Name": GRYMKIN, "Faction": "Grymkin", "FURY": "7", "Damage boxes": "16",
                         "Trump arcana": "Trump of Dreams"},
                 {"Role": "Warlock", "Damage kind": "Boxes"})
        start_game(table, "Cygnar against Grymkin", [
            {"player": CY, "caster": CASTER, "battlegroup": [JACK], "others": [BLOCKHOUSE],
             "facts": {BLOCKHOUSE: {"Damage boxes": 20}}},
            {"player": GRY, "caster": GRYMKIN}], first=0)
        watch = open_watch(table, watch_context, server)
        expect_text(table, watch, CASTER, "Focus 6 / 6")
        expect_text(table, watch, JACK, "Focus 1 / 3")  # powered up: Cy's turn waits at allocation
        expect_track(table, watch, JACK, re.compile(r"^Damage grid: column 1 0 of 4 marked, .*; nothing crippled$"))

        # The Blockhouse's boxes are not in the reference: Cy typed them from his card before the game.
        expect_track(table, watch, BLOCKHOUSE, "Damage boxes: 0 of 20 marked")
        expect_text(table, watch, BLOCKHOUSE, "Melee attacks against it hit automatically.")

        # Before the first activation Gry reveals her three Arcana cards: her Trump and two others.
        expect_text(table, watch, GRYMKIN, "Arcana: not chosen yet")
        action(table, "Choose Arcana cards", GRYMKIN).click()
        cards = dialog(table, f"{GRYMKIN}'s Arcana cards")
        expect(cards.get_by_role("combobox", name="Trump card")).to_have_value("Trump of Dreams")
        choose(table, cards.get_by_role("combobox", name="Second card"), "Shroud")
        choose(table, cards.get_by_role("combobox", name="Third card"), "Ruin")
        cards.get_by_role("button", name="Reveal the cards").click()
        expect(cards).to_be_hidden()
        for card in ("Trump of Dreams (Trump): not played", "Shroud: not played", "Ruin: not played"):
            expect_text(table, watch, GRYMKIN, card)

        # ---- Round 1, Cy: power up, allocation; Gry plays an Arcana card in Cy's turn, and only one ---------
        expect(turn_bar(table)).to_contain_text("Control: Allocate focus to warjacks")
        expect_logged(table, watch, "Control: Power up warjacks: nothing to decide.")
        expect(guide(table)).to_contain_text("Warcasters may give focus to warjacks of their battlegroup")
        action(table, "Allocate focus", CASTER, within=guide(table)).click()
        form = dialog(table, f"{CASTER} allocates focus")  # one dialog for the battlegroup's warjacks
        form.get_by_label(f"Focus for {JACK}", exact=True).fill("2")
        form.get_by_role("button", name="Allocate", exact=True).click()
        expect(form).to_be_hidden()
        expect_text(table, watch, JACK, "Focus 3 / 3")
        expect_text(table, watch, CASTER, "Focus 4 / 6")

        action(table, "Play Shroud", GRYMKIN).click()
        expect_text(table, watch, GRYMKIN, "Shroud: played")
        expect_logged(table, watch, f"{GRYMKIN} plays Shroud.")
        greyed(table, action(table, "Play Ruin", GRYMKIN),
               f"{GRYMKIN} has already played an Arcana card this turn.")
        expect(action(table, "Play Shroud", GRYMKIN)).to_have_count(0)
        expect_text(table, watch, GRYMKIN, "Ruin: not played")

        next_steps(table, "Activation: Activate every model")
        hand_over(table, GRY)

        # ---- Round 1, Gry: the second card; the warjack's left arm crippled; the Blockhouse hit --------------
        action(table, "Play Ruin", GRYMKIN).click()
        expect_text(table, watch, GRYMKIN, "Ruin: played")
        expect(turn_bar(table)).to_contain_text("Activation: Activate every model")
        action(table, "Activate", GRYMKIN).click()
        expect_status(table, watch, GRYMKIN, "Activated")

        declare(table, GRYMKIN, JACK, "Magic")
        panel = attack_panel(table)
        expect(panel).to_contain_text("Waiting for the attack roll.")
        panel.get_by_role("button", name="Roll for me: Attack dice").click()
        expect(panel).to_contain_text("Rolled by the app:")
        panel.get_by_role("button", name=f"The attack hits {JACK}").click()
        expect(panel).to_contain_text("Waiting for the damage roll.")
        panel.get_by_role("button", name="Roll for me: Damage dice").click()
        expect(panel).to_contain_text("Rolled by the app:")
        panel.get_by_label("Damage points after ARM", exact=True).fill("7")
        choose(table, panel.get_by_role("combobox", name="Where the damage goes in (d6)"), "1")
        panel.get_by_role("button", name=f"Apply the damage to {JACK}").click()
        expect_track(table, watch, JACK, re.compile(
            r"^Damage grid: column 1 4 of 4 marked, column 2 3 of 6 marked, .*; crippled: Left arm$"))
        expect_text(table, watch, JACK, LEFT_ARM)
        expect(alert(table, f"{JACK}: {LEFT_ARM}")).to_be_visible()
        expect_logged(table, watch, re.compile(r"Attack roll \d\+\d: Dreamer Test hits Ironclad Test\."))

        declare(table, GRYMKIN, BLOCKHOUSE, "Melee")
        expect(panel).to_contain_text(f"{GRYMKIN}: melee attack against {BLOCKHOUSE}")
        expect(panel).to_contain_text("Waiting for the damage roll.")  # a structure is hit without a roll
        expect_logged(table, watch, f"{BLOCKHOUSE} is a structure: the melee attack hits without a roll.")
        panel.get_by_label("Damage dice", exact=True).fill("6 6")
        panel.get_by_label("Damage points after ARM", exact=True).fill("6")
        panel.get_by_role("button", name=f"Apply the damage to {BLOCKHOUSE}").click()
        expect_track(table, watch, BLOCKHOUSE, "Damage boxes: 6 of 20 marked")
        on_both(table, watch, lambda p: expect(attack_panel(p)).to_be_hidden(timeout=LIVE))

        # What a structure cannot suffer is refused.
        model(table, BLOCKHOUSE).get_by_role("button", name=f"Effects on {BLOCKHOUSE}").click()
        effects = dialog(table, f"Effects on {BLOCKHOUSE}")
        refused(table, lambda: effects.get_by_role("button", name="Now knocked down").click(),
                f"{BLOCKHOUSE} is a structure: it cannot be knocked down.")
        effects.get_by_role("button", name="Close").click()
        expect(effects).to_be_hidden()

    with_pages(browser, play)

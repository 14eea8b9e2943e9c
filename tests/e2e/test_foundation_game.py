"""A new game, its watch link, a round at the table, a server crash and an undo (steps 1-6 below), played in a real
Chromium against the real server, as a person would.

The table page (the tablet) and the watch page (a friend's phone) are open in two browser contexts. Every change
made on the table is asserted on the watch page with Playwright's auto-waiting `expect(..., timeout=LIVE)`, so
"the spectator sees it within a second or two" is checked without sleeps. In the middle of round 2 the server is
killed with SIGKILL and started again; both pages must then show exactly what they showed before.

Selectors are roles and accessible names (DESIGN.md, "The web"). The damage tracks are SVG with role="img" and an
aria-label that says how many boxes are marked; those labels are what the assertions read.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.finders import alert, complete_pregame, game_log, model, track, turn_bar, watch_address

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

LIVE = 2000  # ms: a change must reach the other page within a second or two
VIEWPORT = {"width": 1280, "height": 900}

TITLE = "Friday night at the club"
ANN = "<script>alert(1)</script>"  # a player name with markup: must show literally, never run
BEA = "Bea"
MODELS = ("Agathon", "Guardian of Souls", "Foreboder", "Princess Regna", "Lamenter")

NOT_A_NUMBER_OF_POINTS = "Enter a whole number from 1 to 20."
NOT_AN_AMOUNT = "Damage must be a whole number from 1 to 99."


# -- finding things as a person does -----------------------------------------------------------------------

def essence(page: Page, name: str) -> Locator:
    return model(page, name).get_by_text(re.compile(r"^Essence "))

REPLENISH = "Control: Replenish essence: sacrifice or leech"


def choose(page: Page, form: Locator, field: str, option: str) -> None:
    form.get_by_role("combobox", name=field, exact=True).click()
    page.get_by_role("option", name=option, exact=True).click()
    expect(form.get_by_role("combobox", name=field, exact=True)).to_have_value(option)


def tap(page: Page, action: str, name: str) -> None:
    """A model's action button, e.g. tap(page, "Boost attack", "Agathon") -> button "Boost attack: Agathon"."""
    model(page, name).get_by_role("button", name=f"{action}: {name}", exact=True).click()


def tap_greyed(page: Page, action: str, name: str) -> None:
    """A greyed action (aria-disabled, still tappable so it can say why): it must be greyed, then tapped."""
    button = model(page, name).get_by_role("button", name=f"{action}: {name}", exact=True)
    expect(button).to_be_disabled()
    button.dispatch_event("click")  # Playwright does not click what is aria-disabled; a finger does


def refused(page: Page, do, message: str) -> None:
    """Do something the app must refuse: the player reads `message` in a notification. (Quasar folds a repeated
    message into the visible one, so an earlier copy must have faded before this one can be seen to arrive.)"""
    expect(alert(page, message)).to_have_count(0, timeout=10_000)
    do()
    expect(alert(page, message)).to_be_visible()


def next_step(page: Page, expected: str) -> None:
    """Tap the turn bar's Next button and wait until the turn bar shows `expected` (phase: step)."""
    turn_bar(page).get_by_role("button", name=re.compile(r"^Next")).click()
    expect(turn_bar(page)).to_contain_text(expected)


def on_both(table: Page, watch: Page, check) -> None:
    """The same assertion on the table page and, within LIVE ms, on the watch page."""
    check(table)
    check(watch)


def expect_essence(table: Page, watch: Page, name: str, text: str) -> None:
    on_both(table, watch, lambda p: expect(essence(p, name)).to_have_text(text, timeout=LIVE))


def expect_track(table: Page, watch: Page, name: str, label: str) -> None:
    on_both(table, watch, lambda p: expect(track(p, name)).to_have_attribute("aria-label", label, timeout=LIVE))


def expect_status(table: Page, watch: Page, name: str, words: str) -> None:
    on_both(table, watch, lambda p: expect(model(p, name)).to_contain_text(words, timeout=LIVE))


def expect_turn(table: Page, watch: Page, round_no: int, player: str, phase: str) -> None:
    for p in (table, watch):
        bar = turn_bar(p)
        expect(bar).to_contain_text(f"Round {round_no}", timeout=LIVE)
        expect(bar).to_contain_text(f"{player}'s turn", timeout=LIVE)
        expect(bar).to_contain_text(phase, timeout=LIVE)


def shown(page: Page) -> dict[str, str]:
    """Everything a person reads on a game page: turn bar, each model card, each damage track, the log."""
    values = {"turn": turn_bar(page).inner_text(), "log": game_log(page).inner_text()}
    for name in MODELS:
        values[name] = model(page, name).inner_text()
        tracks = track(page, name)
        values[f"{name} track"] = "; ".join(tracks.nth(i).get_attribute("aria-label") or ""
                                            for i in range(tracks.count()))
    return values


# -- the game ------------------------------------------------------------------------------------------------

def test_two_players_play_a_round_while_a_friend_watches_through_a_restart(browser: Browser, server: Server) -> None:
    table_context = browser.new_context(viewport=VIEWPORT)
    watch_context = browser.new_context(viewport=VIEWPORT)
    dialogs: list[str] = []
    try:
        table = table_context.new_page()
        table.set_default_timeout(10_000)
        table.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))

        # 1. A new game from the home page: title, two players, a battlegroup each, a unit.
        table.goto(server.url("/"))
        table.get_by_label("Game title", exact=True).fill(TITLE)
        first, second = (table.get_by_role("group", name=f"Player {n}", exact=True) for n in (1, 2))
        first.get_by_label("Player 1 name", exact=True).fill(ANN)
        choose(table, first, "Caster", "Agathon")
        for horror in ("Guardian of Souls", "Foreboder"):
            choose(table, first, "Horror", horror)
            first.get_by_role("button", name="Add horror for player 1").click()
            expect(first.get_by_role("button", name=f"Remove {horror}")).to_be_visible()
        choose(table, first, "Unit or solo", "Cultist Band")
        first.get_by_role("button", name="Add model for player 1").click()
        expect(first.get_by_role("button", name="Remove Cultist Band")).to_be_visible()
        second.get_by_label("Player 2 name", exact=True).fill(BEA)
        choose(table, second, "Caster", "Princess Regna")
        choose(table, second, "Horror", "Lamenter")
        second.get_by_role("button", name="Add horror for player 2").click()
        expect(second.get_by_role("button", name="Remove Lamenter")).to_be_visible()
        table.get_by_role("button", name="Start game", exact=True).click()

        # The Foreboder's and the Lamenter's cards lack their ring splits: each side's screen asks before the
        # game starts (a wrong split first).
        screen = table.get_by_role("dialog", name=f"{ANN}: 1 card needs facts")
        expect(screen).to_contain_text("The web has 14 boxes in all.")
        for ring, boxes in (("outer", "8"), ("middle", "4"), ("centre", "3")):
            screen.get_by_label(f"Boxes in the {ring} ring").fill(boxes)
        refused(table, lambda: screen.get_by_role("button", name=f"Save {ANN}'s cards").click(),
                "Foreboder: the three rings must add up to the web's 14 boxes.")
        expect(table).not_to_have_url(re.compile(r"/table/"))
        complete_pregame(table, ANN, {"Foreboder": {"Boxes in the centre ring": 2}})
        complete_pregame(table, BEA, {"Lamenter": {"Boxes in the outer ring": 8, "Boxes in the middle ring": 6,
                                                   "Boxes in the centre ring": 4}})

        expect(table).to_have_url(re.compile(r"/table/[0-9a-f]+/[\w-]+$"))
        expect(table).to_have_title("Tablekeeper: table")
        expect_turn(table, table, 1, ANN, REPLENISH)  # maintenance had nothing to decide: passed
        # The name with markup is text: shown literally as the side's heading, never run as a script.
        expect(table.get_by_role("region", name=ANN).get_by_text(ANN, exact=True)).to_be_visible()
        expect(game_log(table)).to_contain_text(f"{TITLE}: {ANN} against {BEA}.")
        expect(table.locator("script", has_text="alert(1)")).to_have_count(0)
        expect(essence(table, "Agathon")).to_have_text("Essence 9 / 9")
        expect(model(table, "Agathon")).to_contain_text('CTRL 18"')
        expect(track(table, "Agathon")).to_have_attribute("aria-label", "Damage boxes: 0 of 17 marked")
        expect(track(table, "Guardian of Souls")).to_have_attribute("aria-label", "Damage web: outer ring 0 of 30 "
                                                                    "marked, middle ring 0 of 16 marked, centre ring "
                                                                    "0 of 10 marked")
        expect(model(table, "Cultist Band")).to_contain_text("Unit: 4 of 4 models in play")

        # 2. The watch link, from the Share links dialog, opened on a second device.
        watch_url = watch_address(table)

        watch = watch_context.new_page()
        watch.set_default_timeout(10_000)
        watch.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        assert watch.goto(watch_url).status == 200
        expect(watch).to_have_title("Tablekeeper: watch")
        expect_turn(watch, watch, 1, ANN, REPLENISH)
        expect(watch.get_by_text(ANN, exact=True).filter(visible=True).first).to_be_visible()
        # Nothing on the watch page can change the game: the only button is the theme switch.
        for name in ("Next", "Apply damage", "Undo", "Complete card", "Share links", "Leech", "Activate"):
            expect(watch.get_by_role("button", name=re.compile(name))).to_have_count(0)
        expect(watch.get_by_role("button")).to_have_count(1)
        expect(watch.get_by_role("button")).to_have_accessible_name("Switch light or dark theme")
        expect(watch.get_by_role("spinbutton")).to_have_count(0)
        expect(watch.get_by_role("textbox")).to_have_count(0)

        # 3. The Foreboder's completed card is on both pages.
        expect_track(table, watch, "Foreboder",
                     "Damage web: outer ring 0 of 8 marked, middle ring 0 of 4 marked, centre ring 0 of 2 marked")

        # 4. Round 1, the first player's turn: maintenance passed by itself (nothing to decide); control.
        expect_turn(table, watch, 1, ANN, REPLENISH)
        on_both(table, watch, lambda p: expect(game_log(p)).to_contain_text(
            "Maintenance: Continuous effects: nothing to decide.", timeout=LIVE))
        # Agathon is full: leeching would exceed its ESSENCE; a full horror cannot receive essence.
        refused(table, lambda: tap_greyed(table, "Leech", "Agathon"),
                "Agathon has 9 of 9 essence: leeching can add at most 0.")
        refused(table, lambda: tap_greyed(table, "Allocate", "Guardian of Souls"),
                "Guardian of Souls holds at most 4 essence; it has 4.")
        expect_essence(table, watch, "Agathon", "Essence 9 / 9")
        expect_track(table, watch, "Agathon", "Damage boxes: 0 of 17 marked")
        expect_essence(table, watch, "Guardian of Souls", "Essence 4 / 4")
        next_step(table, "Activation: Activate every model")  # allocation, upkeep, other: nothing to decide
        expect_turn(table, watch, 1, ANN, "Activation: Activate every model")

        # Activation: essence is spent on boosts and additional attacks.
        tap(table, "Activate", "Agathon")
        expect_status(table, watch, "Agathon", "Activated")
        tap(table, "Boost attack", "Agathon")
        expect_essence(table, watch, "Agathon", "Essence 8 / 9")
        tap(table, "Buy attack (1)", "Agathon")
        expect_essence(table, watch, "Agathon", "Essence 7 / 9")

        tap(table, "Activate", "Guardian of Souls")
        expect_status(table, watch, "Guardian of Souls", "Activated")
        expect_status(table, watch, "Agathon", "Done this turn")
        tap(table, "Boost attack", "Guardian of Souls")
        expect_essence(table, watch, "Guardian of Souls", "Essence 3 / 4")
        refused(table, lambda: tap_greyed(table, "Boost attack", "Guardian of Souls"),
                "This attack roll of Guardian of Souls is already boosted.")
        tap(table, "Buy attack (1)", "Guardian of Souls")
        expect_essence(table, watch, "Guardian of Souls", "Essence 2 / 4")
        on_both(table, watch, lambda p: expect(game_log(p)).to_contain_text(
            "Guardian of Souls spends 1 essence: an additional melee attack.", timeout=LIVE))

        # The Guardian hits Princess Regna: damage typed in. A negative amount is refused first.
        regna = model(table, "Princess Regna")
        amount = regna.get_by_label("Damage to apply to Princess Regna")
        amount.fill("-3")
        refused(table, lambda: regna.get_by_role("button", name="Apply damage to Princess Regna").click(),
                NOT_AN_AMOUNT)
        expect_track(table, watch, "Princess Regna", "Damage boxes: 0 of 5 marked")
        amount.fill("2")
        regna.get_by_role("button", name="Apply damage to Princess Regna").click()
        transfer = table.get_by_role("dialog")
        expect(transfer).to_contain_text("Princess Regna would suffer 2 damage")
        expect(transfer.get_by_role("button", name=re.compile(r"^Transfer to Lamenter"))).to_be_visible()
        transfer.get_by_role("button", name="Princess Regna takes it").click()
        expect_track(table, watch, "Princess Regna", "Damage boxes: 2 of 5 marked")
        expect_essence(table, watch, "Princess Regna", "Essence 5 / 5")

        # End of turn: the tithe prompt lists every horror; the turn cannot be handed over before it is decided.
        next_step(table, "End of turn: Tithe: each horror pays 1 essence or leaves")
        tithe = turn_bar(table)
        expect(tithe).to_contain_text("Tithe: each horror pays 1 essence to stay, or leaves play.")
        expect(tithe).to_contain_text("Guardian of Souls (2 essence)")
        expect(tithe).to_contain_text("Foreboder (1 essence)")
        for horror in ("Guardian of Souls", "Foreboder"):
            expect(tithe.get_by_role("button", name=f"Pay tithe for {horror}")).to_be_visible()
            expect(tithe.get_by_role("button", name=f"Let {horror} go")).to_be_visible()
        hand_over = tithe.get_by_role("button", name=f"End turn: hand over to {BEA}")
        expect(hand_over).to_have_attribute("title", "Decide the tithe first for: Guardian of Souls, Foreboder.")
        expect(hand_over).to_be_disabled()  # greyed, still tappable so that it can say why
        refused(table, lambda: hand_over.dispatch_event("click"),
                "Decide the tithe first for: Guardian of Souls, Foreboder.")
        tithe.get_by_role("button", name="Pay tithe for Guardian of Souls").click()
        expect_essence(table, watch, "Guardian of Souls", "Essence 1 / 4")
        expect(tithe).to_contain_text(f"Once every horror is decided, the turn passes to {BEA}.")
        tithe.get_by_role("button", name="Let Foreboder go").click()  # the last decision: the turn passes
        expect_status(table, watch, "Foreboder", "Removed from play: tithe not paid")
        expect(alert(table, "Foreboder is removed from play: its tithe was not paid.")).to_be_visible()
        expect(tithe.get_by_role("button", name=re.compile(r"^(Pay tithe for|Let .* go)"))).to_have_count(0)
        # Round 1, the second player's turn, briefly: Regna is full and has nothing to sacrifice, her Lamenter
        # is full: the turn goes straight to activation.
        expect_turn(table, watch, 1, BEA, "Activation: Activate every model")
        tap(table, "Activate", "Princess Regna")
        expect_status(table, watch, "Princess Regna", "Activated")
        tap(table, "Boost attack", "Princess Regna")
        expect_essence(table, watch, "Princess Regna", "Essence 4 / 5")
        tap(table, "End activation", "Princess Regna")
        expect_status(table, watch, "Princess Regna", "Done this turn")
        next_step(table, "End of turn: Tithe: each horror pays 1 essence or leaves")
        tithe.get_by_role("button", name="Pay tithe for Lamenter").click()
        expect_essence(table, watch, "Lamenter", "Essence 2 / 3")
        expect_turn(table, watch, 2, ANN, REPLENISH)

        # Round 2: Agathon leeches back what it spent; typing letters is refused first.
        tap(table, "Leech", "Agathon")
        leech = table.get_by_role("dialog")
        expect(leech).to_contain_text("Leech essence for Agathon")
        points = leech.get_by_label("Points")
        points.clear()
        points.press_sequentially("abc")  # a number field keeps no letters: the amount is empty
        refused(table, lambda: leech.get_by_role("button", name="OK").click(), NOT_A_NUMBER_OF_POINTS)
        expect_essence(table, watch, "Agathon", "Essence 7 / 9")
        points.fill("2")
        leech.get_by_role("button", name="OK").click()
        expect(leech).to_be_hidden()
        expect_essence(table, watch, "Agathon", "Essence 9 / 9")
        expect_track(table, watch, "Agathon", "Damage boxes: 2 of 17 marked")

        # ... and allocates essence to the Guardian (more than it can hold is refused).
        tap(table, "Allocate", "Guardian of Souls")
        allocate = table.get_by_role("dialog")
        expect(allocate).to_contain_text("Allocate essence from Agathon to Guardian of Souls")
        allocate.get_by_label("Points").fill("4")
        refused(table, lambda: allocate.get_by_role("button", name="OK").click(),
                "Guardian of Souls holds at most 4 essence; it has 1.")
        allocate.get_by_label("Points").fill("1")
        allocate.get_by_role("button", name="OK").click()
        expect(allocate).to_be_hidden()
        expect_essence(table, watch, "Guardian of Souls", "Essence 2 / 4")
        expect_essence(table, watch, "Agathon", "Essence 8 / 9")
        expect_turn(table, watch, 2, ANN, "Control: Allocate essence to horrors")
        on_both(table, watch, lambda p: expect(game_log(p)).to_contain_text(
            "Guardian of Souls receives 1 essence from Agathon.", timeout=LIVE))

        # 5. The server dies (kill -9) mid-game and comes back: nothing is lost. Both pages reload by themselves
        # once it is back (their old connection is unknown to the new process), then once more by hand.
        before_table, before_watch = shown(table), shown(watch)
        assert before_table["log"].split() == before_watch["log"].split()  # same lines, laid out alike or not
        with table.expect_event("load", timeout=30_000), watch.expect_event("load", timeout=30_000):
            server.restart(hard=True)
        for reloaded in range(2):
            expect_turn(table, watch, 2, ANN, "Control: Allocate essence to horrors")
            expect_essence(table, watch, "Agathon", "Essence 8 / 9")
            for page in (table, watch):
                expect(game_log(page)).to_contain_text("Guardian of Souls receives 1 essence from Agathon.")
            assert shown(table) == before_table, f"table page after restart (reload {reloaded})"
            assert shown(watch) == before_watch, f"watch page after restart (reload {reloaded})"
            if not reloaded:
                table.reload()
                watch.reload()

        # 6. Undo the last action (the allocation) at the table: the watch page sees it undone.
        turn_bar(table).get_by_role("button", name="Undo last action").click()
        expect_essence(table, watch, "Guardian of Souls", "Essence 1 / 4")
        expect_essence(table, watch, "Agathon", "Essence 9 / 9")
        expect_track(table, watch, "Agathon", "Damage boxes: 2 of 17 marked")
        on_both(table, watch, lambda p: expect(game_log(p)).to_contain_text(
            "Undone: Agathon spends 1 essence: allocate to Guardian of Souls.", timeout=LIVE))
        expect(game_log(watch)).to_contain_text("Guardian of Souls receives 1 essence from Agathon.")  # kept

        assert dialogs == [], f"a JavaScript dialog opened: {dialogs}"
    finally:
        table_context.close()
        watch_context.close()


# -- bad links -----------------------------------------------------------------------------------------------

def test_bad_links_get_a_clear_page_not_a_traceback(browser: Browser, server: Server) -> None:
    context = browser.new_context(viewport=VIEWPORT)
    try:
        page = context.new_page()
        created = page.request.post(server.url("/api/games"), data={
            "title": "Links", "sides": [
                {"player": "Ann", "army": [{"card": "agathon"}]},
                {"player": "Bea", "army": [{"card": "princess-regna"}]}]})
        assert created.status == 201, created.text()
        game = created.json()
        game_id, tokens = game["id"], game["tokens"]

        def visit(path: str, status: int, message: str) -> None:
            response = page.goto(server.url(path))
            assert response is not None and response.status == status, (path, response and response.status)
            expect(page.get_by_text(message)).to_be_visible()
            expect(page.get_by_text("Traceback")).to_have_count(0)
            expect(page.get_by_role("button", name=re.compile(r"^Next|Undo|Apply damage"))).to_have_count(0)

        visit(f"/table/0123456789abcdef/{tokens['table']}", 404, "There is no game at this address.")
        visit(f"/watch/0123456789abcdef/{tokens['watch']}", 404, "There is no game at this address.")
        # A wrong key answers like an unknown game: a stranger cannot tell which games exist.
        visit(f"/table/{game_id}/not-the-key", 404, "There is no game at this address.")
        visit(f"/watch/{game_id}/not-the-key", 404, "There is no game at this address.")
        visit(f"/table/{game_id}/{tokens['watch']}", 403, "A watch link cannot open the table.")

        # The right links still work.
        assert page.goto(server.url(game["watch_url"])).status == 200
        expect(turn_bar(page)).to_contain_text("Ann's turn")
        assert page.goto(server.url(game["table_url"])).status == 200
        expect(turn_bar(page).get_by_role("button", name="Undo last action")).to_be_visible()
    finally:
        context.close()

"""Finding things on a page as a person does: by role and accessible name (DESIGN.md "The web")."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Locator, Page, expect


def tile(within: Page | Locator, name: str) -> Locator:
    """A model's tile on the table page: a button named "Select <name>: <what it shows>"."""
    return within.get_by_role("button", name=re.compile(rf"^Select {re.escape(name)}:"))


def model(page: Page, name: str) -> Locator:
    """A model's card (a unit's card for a unit): a group named after it. On the table page a side shows one
    card at a time, under its tiles: the model's tile (on each side that has one) is tapped first, as a person
    does to see it."""
    tiles = tile(page, name)
    card = page.get_by_role("group", name=name, exact=True)
    tiles.or_(card).first.wait_for(state="attached")  # the page has drawn its models (a tile, or a card only)
    for i in range(tiles.count()):
        one = tiles.nth(i)
        if one.get_attribute("aria-pressed") != "true":
            one.click()
            expect(one).to_have_attribute("aria-pressed", "true")
    return card


def track(page: Page, name: str) -> Locator:
    """A model's damage track: an image whose accessible name says what is marked ("Damage boxes: 2 of 17
    marked", "Damage web: ...")."""
    return model(page, name).get_by_role("img")


def action(page: Page, label: str, name: str, within: Locator | None = None) -> Locator:
    """A model's action button, accessible name "<label>: <model name>", on its card unless ``within``."""
    return (within or model(page, name)).get_by_role("button", name=f"{label}: {name}", exact=True)


def turn_bar(page: Page) -> Locator:
    return page.get_by_role("region", name="Turn")


# -- the turn line, one version at a time ---------------------------------------------------------------------
# The table draws its turn line in one update from one state and stamps it with that state's version
# (``data-version``): the step's words, Next's hold and the decisions holding it always belong together. The
# helpers below wait for the line of a version, never for a moment between two reads.

NEXT = re.compile(r"^(Next|End turn)")


def turn_version(page: Page) -> int:
    """The game version the turn line shows."""
    value = turn_bar(page).get_attribute("data-version")
    assert value is not None and value.isdigit(), f"the turn line shows no version: {value!r}"
    return int(value)


def turn_line_at(page: Page, version: int) -> Locator:
    """The turn line while it shows ``version``."""
    return turn_bar(page).and_(page.locator(f'[data-version="{version}"]'))


def next_button(page: Page, version: int | None = None) -> Locator:
    """Next (or End turn) while it takes a tap: not held by a decision, not busy with the last tap; on the line
    of ``version`` when given."""
    line = turn_bar(page) if version is None else turn_line_at(page, version)
    return line.get_by_role("button", name=NEXT, disabled=False)


def held_next(page: Page, version: int | None = None) -> Locator:
    """Next greyed because the turn is held (its title says why)."""
    line = turn_bar(page) if version is None else turn_line_at(page, version)
    return line.get_by_role("button", name=NEXT).and_(line.locator(".tk-unavailable"))


def tap_turn(page: Page, control: Locator, press: Callable[[Locator], None] = Locator.click) -> int:
    """Tap ``control`` (Next, Pay tithe, a model's action: anything that sends a command) with ``press`` and wait
    until the turn line shows the version the tap made: the tap's whole result is on the page. That version."""
    before = turn_version(page)
    press(control)
    expect(turn_bar(page)).not_to_have_attribute("data-version", str(before))
    return turn_version(page)


def tap_next(page: Page) -> int:
    """Tap Next once it takes taps on the line shown now, and wait for the version the tap made."""
    return tap_turn(page, next_button(page, turn_version(page)))


def tap_next_until(page: Page, done: Locator | str, taps: int = 20) -> int:
    """Tap Next until ``done`` shows (a locator, or words on the turn line); the Nexts tapped. Each look waits for
    one version's whole line: ``done`` there, or Next taking taps (tapped, then the next version awaited), or Next
    held by a decision that is not ``done`` (an AssertionError naming the hold)."""
    for tapped in range(taps + 1):
        version = turn_version(page)
        line = turn_line_at(page, version)
        target = line.get_by_text(done) if isinstance(done, str) else done
        expect(target.or_(next_button(page, version)).or_(held_next(page, version)).first).to_be_visible()
        if target.first.is_visible():
            return tapped
        hold = held_next(page, version)
        if hold.count():
            raise AssertionError(f"the turn is held before {done}: {hold.get_attribute('title')}")
        tap_turn(page, next_button(page, version))
    raise AssertionError(f"never reached {done} in {taps} taps: {turn_bar(page).inner_text()}")


def game_log(page: Page) -> Locator:
    """The game log; on a screen narrower than 1200 px it is a drawer, opened from the header as a person does."""
    log = page.get_by_role("region", name="Game log")
    opener = page.get_by_role("button", name="Open the game log")
    if log.count() == 0 and opener.count() == 1:
        opener.click()
        expect(log).to_be_visible()
    return log


def alert(page: Page, text: str) -> Locator:
    """A notification (Quasar renders them with role="alert")."""
    return page.get_by_role("alert").filter(has_text=text)


def watch_address(table: Page) -> str:
    """The watch link's full address, read from the table page's "Share links" dialog (then closed again)."""
    table.get_by_role("button", name="Share links").click()
    dialog = table.get_by_role("dialog")
    address = dialog.get_by_role("link", name=re.compile(r"^https?:\/\/.+\/watch\/")).get_attribute("href")
    assert address and re.match(r"^https?://.+/watch/", address), address
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()
    return address


# Taps on an empty cell of the pre-game screen's grid or spiral that draw each sign.
GRID_TAPS = {"-": 0, ".": 1, "L": 2, "R": 3, "M": 4, "C": 5, "H": 6, "A": 7}


def complete_pregame(page: Page, player: str, cards: dict[str, dict[str, int | str]],
                     drawings: dict[str, tuple[str, ...]] | None = None) -> None:
    """The pre-game screen of ``player``'s side: type each card's numbers (label: value), tap each drawing (a
    grid's columns or a spiral's branches, as the card's strings), save; the screen closes."""
    screen = page.get_by_role("dialog", name=f"{player}: ").filter(has_text="complete them now")
    expect(screen).to_be_visible()
    for name, fields in cards.items():
        card = screen.get_by_role("group", name=f"{name}'s card", exact=True)
        for label, value in fields.items():
            card.get_by_role("spinbutton", name=label, exact=True).fill(str(value))
    for name, strings in (drawings or {}).items():
        tap_drawing(screen.get_by_role("group", name=f"{name}'s card", exact=True), strings)
    screen.get_by_role("button", name=f"Save {player}'s cards").click()
    expect(screen).to_be_hidden()


def tap_drawing(within: Locator, strings: tuple[str, ...], grid: bool | None = None) -> None:
    """Tap a grid's columns (six strings; a colossal's two grids twelve, left first) or a spiral's branches
    (three; a gargantuan's two spirals six) into an empty tap editor. ``grid``: which of the two, when the
    number of strings does not say (six: a grid unless told)."""
    grid = len(strings) in (6, 12) if grid is None else grid
    per = 6 if grid else 3
    for n, signs in enumerate(strings):
        side = ("Left ", "Right ")[n // per] if len(strings) == 2 * per else ""
        name = f"column {n % per + 1}" if grid else ("Mind", "Body", "Spirit")[n % per] + " branch"
        section = side + name if side else name[0].upper() + name[1:]
        for box, sign in enumerate(signs, start=1):
            for _ in range(GRID_TAPS[sign] if grid else 0 if sign == "-" else 1 if sign == "." else 2):
                within.get_by_role("button", name=re.compile(rf"^{section}, box {box}: ")).click()

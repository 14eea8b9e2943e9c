"""Finding things on a page as a person does: by role and accessible name (DESIGN.md "The web")."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect


def model(page: Page, name: str) -> Locator:
    """A model's card (a unit's card for a unit): a group named after it. On the table page a side shows one
    card at a time, under its tiles: the model's tile (on each side that has one) is tapped first, as a person
    does to see it."""
    tiles = page.get_by_role("button", name=f"Select {name}", exact=True)
    card = page.get_by_role("group", name=name, exact=True)
    tiles.or_(card).first.wait_for(state="attached")  # the page has drawn its models (a tile, or a card only)
    for i in range(tiles.count()):
        tile = tiles.nth(i)
        if tile.get_attribute("aria-pressed") != "true":
            tile.click()
            expect(tile).to_have_attribute("aria-pressed", "true")
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


def game_log(page: Page) -> Locator:
    return page.get_by_role("region", name="Game log")


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

"""Shows the game's links: full addresses, a copy button and a QR code each, so a second device joins by a scan.

Tokens are never stored in clear, so the table page passes on the links handed out when the game was created
(kept in this browser's storage, and in the account of whoever was signed in: keep_game.py)."""

from __future__ import annotations

import segno
from nicegui import app, background_tasks, ui

from webapp.components import icons
from webapp.components.a11y import named
from webapp.components.keep_game import account_links
from webapp.components.listing_switch import ListingSwitch
from webapp.view import GameView


def remember_links(game_id: str, title: str, tokens: dict[str, str]) -> None:
    games = dict(app.storage.user.get("games", {}))
    games[game_id] = {"title": title, **tokens}
    app.storage.user["games"] = games


def site_origin() -> str:
    """This site's address as the browser reached it (behind a proxy: the Host it forwarded), no trailing slash;
    empty when the page has no request (then links stay relative)."""
    request = getattr(ui.context.client, "request", None)
    return str(request.base_url).rstrip("/") if request is not None else ""


def qr_svg(url: str) -> str:
    """A QR code of ``url`` as SVG markup (segno; dark modules on white so phones read it in either theme)."""
    return segno.make(url, error="m").svg_inline(scale=4, border=2, dark="#000", light="#fff")


def link_row(heading: str, url: str, what: str) -> None:
    """One link: its heading, the full address, a copy button and a QR code; ``what`` names it for screen
    readers ("watch link", "Ann's own link")."""
    with ui.column().classes("tk-share-link gap-1"):
        ui.label(heading).classes("text-bold")
        ui.link(url, url, new_tab=True).classes("tk-share-url")
        with ui.row().classes("items-center gap-3"):
            ui.button("Copy", icon="content_copy", on_click=lambda: _copy(url)) \
                .props(f'outline no-caps aria-label="Copy the {what}"')
            ui.html(qr_svg(url), sanitize=False).classes("tk-qr").props(f'role=img aria-label="QR code of the {what}"')


def _copy(url: str) -> None:
    ui.clipboard.write(url)
    ui.notify("Link copied.", type="positive")


async def share_button(view: GameView, game_id: str) -> None:
    """The Share links dialog: the "Show on Live now" switch, and the game's links when this browser was given
    them or the signed-in account keeps them (a player's own device, opened from a seat link, was not)."""
    links = app.storage.user.get("games", {}).get(game_id) or await account_links(game_id)
    origin = site_origin()
    with named(ui.dialog(), "Links to this game") as dialog, ui.card().classes("tk-dialog tk-share"):
        ui.label("Links to this game").classes("text-h6")
        listing = ListingSwitch(view)
        if not links:
            ui.label("This device was not given the game's links: the device that started the game has them.")
        else:
            ui.label("Anyone with the watch link follows the game live but cannot change it. Scan a code with the "
                     "device that should join.")
            if links.get("watch"):
                link_row("Watch link", f"{origin}/watch/{game_id}/{links['watch']}", "watch link")
            if links.get("table"):
                link_row("Table link (can change the game: keep it at the table)",
                         f"{origin}/table/{game_id}/{links['table']}", "table link")
            for seat in (0, 1):
                token = links.get(f"seat{seat + 1}")
                if token:
                    name = view.state.player_name(seat)
                    link_row(f"{name}'s own link (acts for that side only, on their own device)",
                             f"{origin}/table/{game_id}/{token}", f"{name}'s own link")
        ui.button("Close", on_click=dialog.close).props("flat")

    def open_dialog() -> None:
        dialog.open()
        background_tasks.create(listing.load())  # the other player may have switched it on their device

    ui.button("Share links", icon=icons.SHARE, on_click=open_dialog).props("outline no-caps")

"""A page drawn again by another browser's change still belongs to its own browser: NiceGUI hands each handler
the request that was current when its element was made, so an element drawn during a live update must carry its
own page's request, never that of the browser whose tap caused the update (else a handler reading the browser's
storage, such as the card book or the signed-in account, would read the other person's)."""

from __future__ import annotations

from collections.abc import Callable

from nicegui.element import Element
from nicegui.testing import User

from models.service import Created
from tests.webapp.helpers import advance, eventually, table_url

MARKED = "outer ring 5 of 30 marked"


def requests_held(user: User) -> list[object]:
    """The requests every handler on this user's page will run with."""
    return [listener.request for element in user.client.elements.values() if isinstance(element, Element)
            for listener in element._event_listeners.values()]  # noqa: SLF001


async def test_a_table_drawn_again_by_the_other_devices_tap_keeps_its_own_browsers_request(
        user: User, create_user: Callable[[], User], game: Created) -> None:
    await user.open(table_url(game))
    other = create_user()
    await other.open(table_url(game))
    before = len(requests_held(other))
    await advance(user)  # the next step draws new controls on both devices
    await eventually(lambda: len(requests_held(other)) > before, "the other device to draw the step's controls")
    theirs = user.client.request.session["id"]
    held = requests_held(other)
    assert held, "the other page has handlers"  # positive control: there is something to look at
    assert all(r is None or r.session["id"] != theirs for r in held), (
        f"{sum(1 for r in held if r is not None and r.session['id'] == theirs)} of {len(held)} handlers on the "
        f"other page (it had {before} before the update) would run with the tapping browser's request")

"""A tap counts once on the pages: a one-shot button is disabled at the first tap, and a click that reaches the server
anyway (sent before the browser had the button disabled, or replayed later) is dropped when its action is still running,
when it was made before the last tap's result showed, or when its dialog is closed. Two quick sends from one page carry
the version shown at the tap: the second is refused as stale.

`tap_anyway` sends a click as the browser's socket event does, whatever the page shows; `tap count` is what the
browser reads from the element (webapp/components/once.py). Every test has a positive control: a tap made after
the result showed is recorded.
"""

from __future__ import annotations

from nicegui import events, ui
from nicegui.element import Element
from nicegui.testing import User
from sqlalchemy import func
from sqlmodel import Session, select

from models.db.tables import Game
from models.rules.warmachine.damage import MarkDamage
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.tithe import PayTithe, SkipTithe
from models.service import Actor, Created
from tests.webapp.helpers import (
    click,
    eventually,
    exists,
    fill,
    fill_new_game,
    find,
    model_card,
    next_button,
    see,
    service,
    shows,
    table_url,
    version,
)
from webapp.deps import current
from webapp.view import GameConnection

TAKES_IT = "Agathon takes it"
NOT_APPLIED = "That tap came before your last action showed: it was not applied."


def tap_anyway(user: User, element: Element, seen: str | None) -> None:
    """A click event for ``element`` as the browser sends it, carrying the tap count it showed (``seen``)."""
    with user.client:  # type: ignore[union-attr]
        for listener in list(element._event_listeners.values()):  # noqa: SLF001 - what a socket event reaches
            if listener.type == "click":
                events.handle_event(listener.handler, events.GenericEventArguments(
                    sender=element, client=user.client, args=[seen]))  # type: ignore[arg-type]


async def handled(button: Element) -> None:
    """Wait until the button takes taps again: a tap it accepted has run to its end (a dropped one never
    disabled it)."""
    await eventually(lambda: button.enabled or button.is_deleted, "the tap to be handled")  # type: ignore[attr-defined]


def kinds(game: Created) -> list[str]:
    return [r.command["type"] for r in service().repo.log(game.game_id)]


def games() -> int:
    with Session(service().repo.engine) as s:
        return s.exec(select(func.count()).select_from(Game)).one()


async def ask_who_takes_damage(user: User) -> ui.button:
    agathon = model_card(user, "Ann", "Agathon")
    fill(user, "Damage to apply to Agathon", "1", within=agathon)  # the field empties after each Apply
    click(user, "Apply damage to Agathon", within=agathon)
    await eventually(lambda: exists(user, TAKES_IT, ui.button), "the transfer question")
    return find(user, TAKES_IT, ui.button)  # type: ignore[return-value]


async def test_a_double_click_on_a_dialogs_confirm_records_one_command(user: User, game: Created) -> None:
    await user.open(table_url(game))
    confirm = await ask_who_takes_damage(user)
    click(user, TAKES_IT)
    assert not confirm.enabled  # disabled at once, before the command has even started
    tap_anyway(user, confirm, "0")  # the second click of the double tap, sent before the browser greyed it
    await see(user, "Damage boxes: 1 of 17 marked", within=model_card(user, "Ann", "Agathon"))
    await eventually(lambda: version(game) == 2)
    assert kinds(game) == ["setup", "mark_damage"]
    # Positive control: the next tap, made after the result showed, is recorded.
    await ask_who_takes_damage(user)
    click(user, TAKES_IT)
    await eventually(lambda: version(game) == 3, "the second damage")
    assert kinds(game) == ["setup", "mark_damage", "mark_damage"]


async def test_a_closed_dialog_cannot_act_again(user: User, game: Created) -> None:
    await user.open(table_url(game))
    confirm = await ask_who_takes_damage(user)
    click(user, TAKES_IT)
    await handled(confirm)
    assert version(game) == 2
    assert not confirm.is_deleted  # closed dialogs linger a few seconds before they are deleted
    for seen in ("1", None):  # a click replayed on the closed dialog, even with its current tap count
        tap_anyway(user, confirm, seen)
        await handled(confirm)
    assert kinds(game) == ["setup", "mark_damage"]
    assert shows(user, "Damage boxes: 1 of 17 marked", within=model_card(user, "Ann", "Agathon"))


async def test_a_tap_made_before_the_last_result_showed_is_dropped(user: User, game: Created) -> None:
    # Round 1 played (each turn handed over by its last tithe), Ann's round 2 waits at allocation (her Guardian
    # paid its tithe): each Next is accepted (to the activation, then to the tithe).
    for command in (Advance(), PayTithe(horror="p1-guardian-of-souls"), PayTithe(horror="p1-foreboder"), Advance(),
                    SkipTithe(horror="p2-foreboder")):
        service().execute(game.game_id, command, version(game), Actor("table"))
    await user.open(table_url(game))
    button = next_button(user)
    tap_anyway(user, button, "0")
    await handled(button)
    assert version(game) == 7
    tap_anyway(user, button, "0")  # made on the old picture: its result had not reached the browser yet
    await handled(button)
    assert version(game) == 7
    tap_anyway(user, button, "1")  # positive control: made after the result showed
    await handled(button)
    assert kinds(game)[-2:] == ["advance", "advance"] and version(game) == 8


async def test_two_quick_sends_from_one_page_apply_only_the_first(user: User, game: Created) -> None:
    await user.open(table_url(game))
    deps = current()
    at, state = service().state(game.game_id)
    view = GameConnection(deps, game.game_id, Actor(role="table"), at, state)
    hit = MarkDamage(model="p1-guardian-of-souls", amount=1)
    with user.client:  # type: ignore[union-attr]
        sent = [view.send(Advance()), view.send(hit), view.send(Advance())]  # three taps at version 1
        assert [await s for s in sent] == [True, False, False]
        assert kinds(game) == ["setup", "advance"]  # the stale ones are refused, not applied
        assert user.notify.messages.count(NOT_APPLIED) == 1  # a repeat of the same tap is dropped silently
        assert await view.send(hit)  # positive control: a tap made at the version now shown
    assert kinds(game) == ["setup", "advance", "mark_damage"]


async def test_a_double_click_on_start_game_makes_one_game(user: User) -> None:
    await fill_new_game(user, "Double tap")
    start = find(user, "Start game", ui.button)
    click(user, "Start game")
    assert not start.enabled  # type: ignore[attr-defined]
    tap_anyway(user, start, "0")  # the second click of the double tap
    await see(user, "Ann's turn")  # the new game's table
    assert games() == 1
    # Positive control: a new form (the page opened again) starts another game.
    await fill_new_game(user, "Second game")
    click(user, "Start game")
    await eventually(lambda: games() == 2, "the second game")

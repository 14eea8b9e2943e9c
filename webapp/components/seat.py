"""What a player's own link (a seat) may do, asked of the rules' sender tables, so that the page can grey or hide
what the seat cannot do and say who can, before anything is sent."""

from __future__ import annotations

from nicegui import ui

from models.rules import Command, Option
from models.service.access import send_refusal
from webapp.view import GameView


def seat_refusal(view: GameView, command: Command) -> str | None:
    """None when this page's link may send ``command`` now, else the sentence naming who can: the service's own
    answer (models/service/access.py), asked before anything is sent."""
    return send_refusal(view.actor, view.state, command)


def for_link(view: GameView, option: Option) -> Option:
    """``option`` as this page's link sees it: what the link may not send (the other side's model on a player's
    own link) comes back refused with the sentence naming who can, whatever the rules say of it (a refusal of
    the rules keeps its code, so what only means "not now" stays out of the way)."""
    if option.command is None:
        return option
    reason = seat_refusal(view, option.command)
    if reason is None:
        return option
    code = option.code if not option.allowed else "seat.other_side"
    return option.model_copy(update={"allowed": False, "reason": reason, "code": code})


def own_model(view: GameView, seat: int) -> bool:
    """Whether this link plays the side a model of ``seat`` belongs to (the table link plays both)."""
    return view.actor.role != "seat" or view.actor.seat == seat


def grey(button: ui.button, reason: str | None, title: str | None = None) -> None:
    """Grey ``button`` with ``reason`` as its description (tooltip), or make it plain again (with ``title`` as its
    tooltip, if any) when ``reason`` is None. It stays tappable, so that a tap can say why; the button's own
    handler decides what a tap does."""
    if reason:
        button.classes("tk-unavailable")
        button.props["aria-disabled"] = "true"
    else:
        button.classes(remove="tk-unavailable")
        button.props.pop("aria-disabled", None)
    # Straight into the props dict: reasons and titles hold player names (a11y.py).
    if reason or title:
        button.props["title"] = reason or title
    else:
        button.props.pop("title", None)
    button.update()

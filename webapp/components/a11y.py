"""Accessible names for elements. Set straight into the props dict, never through NiceGUI's props string
parser, because names come from cards and players and may hold quotes or markup."""

from __future__ import annotations

from typing import TypeVar

from nicegui.element import Element

E = TypeVar("E", bound=Element)


def named(element: E, name: str, **attributes: str) -> E:
    element.props["aria-label"] = name
    element.props.update(attributes)
    element.update()
    return element

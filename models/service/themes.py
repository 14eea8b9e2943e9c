"""The theme forces as the pages and the API show them: which ones a list of a faction may be built as, and which
of a theme's effects the app applies (the others are the players' reminders at the table). The rules decide
(models/rules/warmachine/themes.py); this module gives the web one ready answer."""

from __future__ import annotations

from dataclasses import dataclass

from models.catalog.schema import Theme
from models.rules.warmachine.themes import THEMELESS, reminders, themes_of

NO_THEME = "No theme"


@dataclass(frozen=True)
class EffectNote:
    """One effect of a theme force, and whether the app applies it (else the players keep it in mind)."""

    key: str
    text: str
    applied: bool


@dataclass(frozen=True)
class ThemeForce:
    """A theme force with its effects as notes; ``checked``: the app checks a list built as it against its
    composition (it cannot when a line was not read as cards)."""

    theme: Theme
    effects: tuple[EffectNote, ...]
    checked: bool


def effect_notes(theme: Theme) -> tuple[EffectNote, ...]:
    """The theme's effects in its order, each saying whether the app applies it."""
    kept = reminders(theme)
    return tuple(EffectNote(key=e.key, text=e.text, applied=e not in kept) for e in theme.effects)


def theme_forces() -> tuple[ThemeForce, ...]:
    """Every theme force an army may be built as, for the API's list of them."""
    return tuple(ThemeForce(theme=t, effects=effect_notes(t), checked=t.allowed_ids() is not None)
                 for t in themes_of().values())


def theme_choices(faction: str | None) -> dict[str, str]:
    """The theme forces a list of ``faction`` may be built as (key: name), after "No theme"; only "No theme"
    while the faction is not known yet."""
    offered = themes_of(faction) if faction else {}
    return {THEMELESS: NO_THEME, **{k: t.name for k, t in offered.items()}}


def theme_summary(key: str | None) -> str | None:
    """The line a list built as theme force ``key`` shows under its points: its name and effects (None for no
    theme or a key not known)."""
    theme = themes_of().get(key or "")
    return None if theme is None else f"Theme force {theme.name}: " + " ".join(e.text for e in theme.effects)

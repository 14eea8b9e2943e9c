"""Theme forces (reference README, Infernals, "Theme forces"; doc 000's Infernal index names Dark Legacy and
Hearts of Darkness): what a theme allows in an army, and the effects the app applies in play.

The themes and their effects are catalog data (``models/catalog/infernals.json``); an effect the rules apply is
named by its key below. The others are shown at the table as reminders, because they depend on what only the
players see (movement, deployment) or on a rule the reference does not spell out:

- ``no_first_turn_tithe`` (Dark Legacy): the player's horrors pay no tithe at the end of their first turn. Applied.
- ``only_regna_horrors`` (Hearts of Darkness): the army may include Princess Regna's lesser and light horrors.
  Our reading: a theme force's list of what it may include is complete, so the army's horrors are those of a
  Master Infernalist's battlegroup, lesser or light. Checked wherever an army is checked.
- ``solo_reposition``, ``band_ambush`` (Dark Legacy) and ``warjack_accumulator`` (Hearts of Darkness): reminders.

Pure: no I/O, no clock.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from models.catalog import shipped_themes
from models.catalog.schema import FREE_POINT_ROLES, Card, Theme, ThemeEffect
from models.rules.core import GameState, RuleViolation
from models.rules.warmachine.army_rules import Entry, Problem

NO_FIRST_TURN_TITHE = "no_first_turn_tithe"
ONLY_REGNA_HORRORS = "only_regna_horrors"
APPLIED = (NO_FIRST_TURN_TITHE, ONLY_REGNA_HORRORS)
THEMELESS = "none"


def themes_of(faction: str | None = None) -> dict[str, Theme]:
    """The shipped theme forces by key, of ``faction`` when given."""
    return {k: t for k, t in shipped_themes().items() if faction in (None, t.faction)}


def find_theme(key: str | None) -> Theme | None:
    """The theme force named ``key`` (None for no theme); RuleViolation ``theme.unknown`` for a name not known."""
    if key is None or key == THEMELESS:
        return None
    theme = shipped_themes().get(key)
    if theme is None:
        names = ", ".join(t.name for t in shipped_themes().values())
        raise RuleViolation("theme.unknown", f"There is no theme force {key[:40]!r}; the known ones are {names}.")
    return theme


def has_effect(theme: Theme | None, key: str) -> bool:
    return theme is not None and any(e.key == key for e in theme.effects)


def reminders(theme: Theme | None) -> tuple[ThemeEffect, ...]:
    """The theme's effects the players keep track of themselves (the app shows them at the table)."""
    return tuple(e for e in theme.effects if e.key not in APPLIED) if theme else ()


def theme_problems(theme: Theme | None, faction: str, entries: Sequence[Entry], known: Mapping[int, Card]
                   ) -> list[Problem]:
    """Every reason these entries may not be built as ``theme``: a theme of another faction, and what the
    theme allows (Hearts of Darkness: only a Master Infernalist's lesser and light horrors)."""
    if theme is None:
        return []
    if theme.faction != faction:
        return [Problem("theme.faction", f"{theme.name} is a theme force of the {theme.faction}, not of the "
                                         f"{faction}.")]
    problems = []
    if has_effect(theme, ONLY_REGNA_HORRORS):
        for i, card in known.items():
            if card.role != "horror":
                continue
            target = entries[i].battlegroup_of
            leader = known.get(target) if target is not None else None
            if leader is None or leader.role != "master_infernalist" or card.weight not in ("lesser", "light"):
                problems.append(Problem("theme.horror_not_allowed",
                                        f"In {theme.name} the only horrors are Princess Regna's lesser and light "
                                        f"horrors; {card.name} is not one.", i))
    return problems


def army_faction(known: Mapping[int, Card]) -> str | None:
    """An army's faction as its caster says (the first caster entry), for armies that name none."""
    return next((c.faction for c in known.values() if c.role in FREE_POINT_ROLES), None)


def tithe_waived(state: GameState) -> bool:
    """Whether the active player's horrors pay no tithe this turn: Dark Legacy, the player's first turn."""
    seat = state.active
    theme = state.players[seat].theme if seat < len(state.players) else None
    return state.round == 1 and has_effect(theme, NO_FIRST_TURN_TITHE)

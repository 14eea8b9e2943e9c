"""Theme forces (reference README, Infernals, "Theme forces"; doc 000's Infernal index names Dark Legacy and
Hearts of Darkness): what a theme allows in an army, and the effects the app applies in play.

The themes and their effects are catalog data (``models/catalog/infernals.json``); an effect the rules apply is
named by its key below. The others are shown at the table as reminders, because they depend on what only the
players see (movement, deployment) or on a rule the reference does not spell out:

- ``no_first_turn_tithe`` (Dark Legacy): the player's horrors pay no tithe at the end of their first turn. Applied.
- ``only_regna_horrors`` (Hearts of Darkness): the army may include Princess Regna's lesser and light horrors.
  Our reading: a theme force's list of what it may include is complete, so the army's horrors are those of a
  Master Infernalist's battlegroup, lesser or light. Checked wherever an army is checked.
- ``solo_reposition`` (Dark Legacy): an Infernal solo may reposition at the end of its activation (``Reposition``):
  the players measure the 3" and the app ends the activation, as the doc 000 ruling says of Reposition ("then its
  activation ends"), and refuses it after a run (an activation a run ended, same ruling). Applied.
- ``band_ambush`` (Dark Legacy) and ``warjack_accumulator`` (Hearts of Darkness): reminders (deployment, and a
  rule the reference names without its text).

Pure: no I/O, no clock.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from models.catalog import shipped_themes
from models.catalog.schema import FREE_POINT_ROLES, Card, Theme, ThemeEffect
from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.warmachine.army_rules import Entry, Problem
from models.rules.warmachine.match import ModelState, board, with_models
from models.rules.warmachine.state import SYSTEM, live

NO_FIRST_TURN_TITHE = "no_first_turn_tithe"
ONLY_REGNA_HORRORS = "only_regna_horrors"
SOLO_REPOSITION = "solo_reposition"
APPLIED = (NO_FIRST_TURN_TITHE, ONLY_REGNA_HORRORS, SOLO_REPOSITION)
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
    allowed = theme.allowed_ids()
    if allowed is not None:
        problems += [Problem("theme.not_allowed", f"{theme.name} does not include {card.name}.", i)
                     for i, card in known.items() if card.card_id is not None and card.card_id not in allowed]
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


def has_reposition(state: GameState, m: ModelState) -> bool:
    """Whether ``m`` is an Infernal solo of a Dark Legacy army (it gains Reposition 3")."""
    card = board(state).card_of(m)
    theme = state.players[m.seat].theme if m.seat < len(state.players) else None
    return has_effect(theme, SOLO_REPOSITION) and card.role == "solo" and card.faction == "Infernals"


class Reposition(Command):
    """A Dark Legacy Infernal solo repositions (up to 3", measured at the table) and its activation ends."""

    type: Literal["reposition"] = "reposition"
    model: str


@handles(Reposition, system=SYSTEM, timing="step")
def reposition(state: GameState, cmd: Reposition) -> tuple[GameState, list[Event]]:
    """Reference README, Theme forces: Dark Legacy's Infernal solos gain Reposition 3"; doc 000 ruling "Restrictions
    on Any Time abilities": Reposition ends the activation, and an activation a run ended allows nothing more."""
    m = live(state, cmd.model)
    if not has_reposition(state, m):
        raise RuleViolation("theme.no_reposition", f"{m.name} has no Reposition: only the Infernal solos of a Dark "
                                                   "Legacy army do.")
    if m.activation != "active":
        raise RuleViolation("activation.not_active", f"{m.name} repositions at the end of its own activation.")
    if m.act.ran:
        raise RuleViolation("theme.reposition_ran", f"{m.name} ran, which ended its activation: it cannot "
                                                    "reposition now.")
    done = m.model_copy(update={"activation": "done"})
    return with_models(state, done), [Event(kind="theme.repositioned", model=m.id,
                                           text=f"{m.name} repositions up to 3\" and ends its activation.")]

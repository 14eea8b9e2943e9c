"""The commands the web sends when no unit's option carries them: the game's setup, the Upkeep phase's checks and
the grab after a rout (doc 004), and moving the turn on. Each builder takes the players' answers as the web reads
them; the rules decide on the command when it is sent."""

from __future__ import annotations

from models.rules.warband.neutrals import NeutralsGone
from models.rules.warband.phases import Next
from models.rules.warband.rout import GrabAttempt, GrabNearby, RoutCheck, VoluntaryRout
from models.rules.warband.setup import SetupWarband, Warband
from models.rules.warband.spells import SpellCheck
from models.rules.warband.treasure import Under


def setup_warband(title: str, sides: tuple[Warband, Warband], first: int, treasures: int,
                  event_tokens: int | None) -> SetupWarband:
    """A new game: its title, both warbands, who goes first, the treasure tokens on the table and the event
    tokens among them (None: nobody knows)."""
    return SetupWarband(title=title, sides=sides, first=first, treasures=treasures, event_tokens=event_tokens)


def next_step() -> Next:
    return Next()


def spell_check(unit: str, spell: str, passed: bool, roll: int | None) -> SpellCheck:
    return SpellCheck(unit=unit, spell=spell, passed=passed, roll=roll)


def rout_check(passed: bool, roll: int | None) -> RoutCheck:
    return RoutCheck(passed=passed, roll=roll)


def voluntary_rout() -> VoluntaryRout:
    return VoluntaryRout()


def neutrals_gone(event: int) -> NeutralsGone:
    return NeutralsGone(event=event)


def grab_nearby(winner_near: bool, loser_near: bool) -> GrabNearby:
    return GrabNearby(winner_near=winner_near, loser_near=loser_near)


def grab_attempt(unit: str, passed: bool | None, roll: int | None, under: Under,
                 plague_passed: bool | None) -> GrabAttempt:
    """A unit tries to take the token (``passed`` None: it takes it without a check); ``plague_passed`` only
    when the Plague lay under it."""
    return GrabAttempt(unit=unit, passed=passed, roll=roll, under=under,
                       plague_passed=plague_passed if under == "plague" else None)

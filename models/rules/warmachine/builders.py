"""The commands the web sends when no model's option carries them: a new game, its setup, its clock, its ending,
the attack assistant's rolls, list pairs, a card completed from a player's stat card. Each builder takes the
players' answers as the web reads them and returns the one command that says them; the rules decide on it when it
is sent (a probe of the same builder greys a control with the rules' own reason)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from models.catalog.card_facts import FactOrigin
from models.catalog.schema import Card
from models.rules.core import RuleViolation
from models.rules.dice import Roll
from models.rules.warmachine.arcana import AssignArcana
from models.rules.warmachine.attacks import AttackRoll, DamageRoll, EndAttack, ResolveDisabled
from models.rules.warmachine.clock import AdjustClock, ClockExpired, PassClock, PauseClock, ResumeClock, StartClock
from models.rules.warmachine.continuous import Continuous, ResolveContinuous
from models.rules.warmachine.damage import Entry, Side
from models.rules.warmachine.ending import Assassinated, Concede, FinalScore, ScenarioElements
from models.rules.warmachine.list_pairs import ChooseFromPair, GiveListPair
from models.rules.warmachine.match import PairedList
from models.rules.warmachine.pregame import (
    AddSetupTask,
    ChooseObjectives,
    ChooseOrder,
    ChooseScenario,
    ChooseSide,
    FinishSetupStep,
    RevealLists,
    RollPriority,
    StartGame,
    TickSetupTask,
)
from models.rules.warmachine.replenish import AddSoulToken
from models.rules.warmachine.scenario import ScoreTurn
from models.rules.warmachine.setup import ArmyEntry, CompleteCard, SetupGame
from models.rules.warmachine.setup import Side as Army
from models.rules.warmachine.shake import AddEffect, Effect, RemoveEffect

When = Literal["before", "after"]
Stage = Literal["disabled", "boxed"]


# -- a new game -----------------------------------------------------------------------------------------------
def setup_game(title: str, sides: Sequence[tuple[str, Sequence[ArmyEntry]]], first: int = 0, wizard: bool = False,
               *, cards: Mapping[str, Card] | None = None, themes: Sequence[str | None] = (None, None),
               pairs: bool = False, clock_minutes: float | None = None,
               origins: Mapping[str, tuple[FactOrigin, ...]] | None = None) -> SetupGame:
    """A new game from two players' armies, in the setup wizard with ``wizard`` (a tournament's steps) or
    ``pairs`` (Steamroller list pairs, given there: the armies are empty). ``cards``: a player's catalog (the
    site's with their card book), of which the game keeps the cards its armies use; without it, or for a card
    it lacks, the service supplies the site's (an unknown card is refused when the game starts). ``themes``:
    each side's theme force key (None: no theme); ``clock_minutes``: an event's deathclock; ``origins``: the
    facts of ``cards`` the community card book gave (``CardService.resolved``), recorded for the cards used."""
    if len(sides) != 2 or len(themes) != 2:
        raise RuleViolation("setup.two_sides", "A game has exactly two sides.")
    catalog = cards or {}
    used = sorted({e.card for _, army in sides for e in army} & catalog.keys())
    (player1, army1), (player2, army2) = sides
    return SetupGame(title=title, first=first, cards={k: catalog[k] for k in used},
                     sides=(Army(player=player1, army=tuple(army1), theme=themes[0]),
                            Army(player=player2, army=tuple(army2), theme=themes[1])),
                     wizard=wizard or pairs, pairs=pairs, clock_minutes=clock_minutes,
                     origins={k: o for k in used if (o := (origins or {}).get(k))})


def complete_card(card: Card) -> CompleteCard:
    """This game's copy of a card filled in from the player's own stat card (never the site's catalog)."""
    return CompleteCard(card=card)


# -- pregame (doc 002 "Setup"): the steps in order, then the checklists of what to resolve before and after ------
def choose_scenario(name: str) -> ChooseScenario:
    return ChooseScenario(name=name)


def reveal_lists(lists: tuple[str, str]) -> RevealLists:
    return RevealLists(lists=lists)


def choose_objectives(objectives: tuple[str, str]) -> ChooseObjectives:
    return ChooseObjectives(objectives=objectives)


def roll_priority(dice: tuple[int, int] | None = None) -> RollPriority:
    """The roll for who chooses the order: each player's d6 as typed, or None for the service to roll both."""
    return RollPriority(dice=None if dice is None else (Roll(dice=(dice[0],)), Roll(dice=(dice[1],))))


def choose_order(goes_first: bool) -> ChooseOrder:
    return ChooseOrder(goes_first=goes_first)


def choose_side(side: str) -> ChooseSide:
    return ChooseSide(side=side)


def finish_setup_step() -> FinishSetupStep:
    return FinishSetupStep()


def start_game() -> StartGame:
    return StartGame()


def tick_setup_task(when: When, index: int, done: bool) -> TickSetupTask:
    return TickSetupTask(when=when, index=index, done=done)


def add_setup_task(text: str, when: When) -> AddSetupTask:
    return AddSetupTask(text=text, when=when)


def give_list_pair(seat: int, lists: tuple[PairedList, PairedList]) -> GiveListPair:
    return GiveListPair(seat=seat, lists=lists)


def choose_from_pair(seat: int, index: int) -> ChooseFromPair:
    return ChooseFromPair(seat=seat, index=index)


# -- the chess clock ------------------------------------------------------------------------------------------
def start_clock(minutes_per_player: float) -> StartClock:
    return StartClock(minutes_per_player=minutes_per_player)


def pass_clock(to_seat: int) -> PassClock:
    return PassClock(to_seat=to_seat)


def clock_expired(seat: int) -> ClockExpired:
    return ClockExpired(seat=seat)


def pause_clock(reason: str = "Judge call") -> PauseClock:
    """A judge's call (or ``reason``) stops both clocks."""
    return PauseClock(reason=reason)


def resume_clock() -> ResumeClock:
    return ResumeClock()


def adjust_clock(seat: int, minutes: int, seconds: int) -> AdjustClock:
    return AdjustClock(seat=seat, remaining_ms=(minutes * 60 + seconds) * 1000)


# -- scoring and the game's end -------------------------------------------------------------------------------
def score_turn(cp: tuple[int, int], killbox: tuple[bool, bool]) -> ScoreTurn:
    return ScoreTurn(cp=cp, killbox=killbox)


def final_score(cp: tuple[int, int]) -> FinalScore:
    return FinalScore(cp=cp)


def scenario_elements(points: tuple[int, int]) -> ScenarioElements:
    return ScenarioElements(points=points)


def concede(seat: int) -> Concede:
    return Concede(seat=seat)


def assassinated(seat: int) -> Assassinated:
    return Assassinated(seat=seat)


# -- the attack assistant's rolls and a model's standing marks ------------------------------------------------
def attack_roll(dice: Roll, hit: bool, boosted: bool, free_boost: bool, removed: int, rerolled: tuple[Roll, ...],
                stat: int | None, defence: int | None) -> AttackRoll:
    return AttackRoll(dice=dice, hit=hit, boosted=boosted, free_boost=free_boost, removed=removed,
                      rerolled=rerolled, stat=stat, defence=defence)


def damage_roll(dice: Roll, damage: int, boosted: bool, free_boost: bool, where: Entry, transfer_to: str | None,
                power: int | None, armour: int | None) -> DamageRoll:
    """The damage roll and where the damage goes in (``where``: a grid's column, a spiral's branch, a side)."""
    return DamageRoll(dice=dice, damage=damage, boosted=boosted, free_boost=free_boost, transfer_to=transfer_to,
                      power=power, armour=armour, **where.args())


def resolve_disabled(model: str, stage: Stage, heal: int | None = None, column: int | None = None,
                     side: Side | None = None) -> ResolveDisabled:
    """A disabled or boxed model goes on (``heal`` None), or survives with ``heal`` damage removed."""
    if heal is None:
        return ResolveDisabled(model=model, stage=stage)
    return ResolveDisabled(model=model, stage=stage, survives=True, heal=heal, column=column, side=side)


def end_attack() -> EndAttack:
    return EndAttack()


def continuous_expires(model: str, effect: Continuous) -> ResolveContinuous:
    return ResolveContinuous(model=model, effect=effect, expires=True)


def continuous_damage(model: str, effect: Continuous, damage: int, where: Entry = Entry()) -> ResolveContinuous:
    """A continuous effect stays and deals ``damage`` (on a grid or spiral, where it goes in)."""
    return ResolveContinuous(model=model, effect=effect, expires=False, damage=damage, **where.args())


def toggle_effect(model: str, effect: Effect, on: bool) -> AddEffect | RemoveEffect:
    """The effect taken off the model when it is ``on``, put on when it is not."""
    return RemoveEffect(model=model, effect=effect) if on else AddEffect(model=model, effect=effect)


def add_soul_token(model: str) -> AddSoulToken:
    return AddSoulToken(model=model)


def assign_arcana(warlock: str, cards: tuple[str, str, str]) -> AssignArcana:
    return AssignArcana(warlock=warlock, cards=cards)

"""What the caster, Infernal and effects dialogs and a model's buttons offer and say in a Warmachine game: the
control range questions with the caster's CTRL, the spirit bond hint, the Arcana cards a Grymkin warlock may be
dealt, the horrors a master may summon and their cost, the effects the table can put on or take off, and each
option's button words. The dialogs draw these and send the option's command; the rules have the last word."""

from __future__ import annotations

from dataclasses import dataclass

from models.catalog.schema import Card, Spell
from models.rules import GameState
from models.rules.warmachine.arcana import arcana_offer
from models.rules.warmachine.fury import fallen_warbeasts
from models.rules.warmachine.match import ModelState, board
from models.rules.warmachine.points import caster_control_range
from models.rules.warmachine.shake import EFFECTS, Effect, effect_name
from models.rules.warmachine.state import control_range
from models.rules.warmachine.summoning import friendly_gate, summon_cost, summonable

LABELS = {
    "activate": "Activate", "end_activation": "End activation", "boost_attack": "Boost attack",
    "boost_damage": "Boost damage", "buy_attack": "Buy attack (1)", "next_attack": "Next attack",
    "run": "Run", "reposition": "Reposition 3\"", "charge": "Charge", "leech": "Leech…", "heal_self": "Heal…",
    "receive_allocation": "Allocate…", "be_healed": "Heal…", "pay_tithe": "Pay tithe (1)",
    "skip_tithe": "Let it go", "feat": "Feat", "cast": "Cast spell…", "sacrifice": "Sacrifice…",
    "summon": "Summon…", "stand_up:movement": "Stand up (no movement)", "stand_up:action": "Stand up (no attack)",
    # Warcasters and warjacks, warlocks and warbeasts.
    "allocate_focus": "Allocate focus…", "receive_focus": "Allocate focus…", "skip_power_up": "Skip power up",
    "leech_fury": "Leech fury…", "leech_life": "Leech life…", "spirit_bond": "Spirit bond…", "force": "Force…",
    "threshold_check": "Threshold check…", "end_frenzy": "End frenzy…",
}
PREFIXED = {"upkeep": "Upkeep {} (1)", "drop_upkeep": "Let {} end", "shake": "Shake off {} (1)",
            "play_arcana": "Play {}"}


def model_names(state: GameState, ids: tuple[str, ...], seat: int, marked: str) -> dict[str, str]:
    """Models by id for a choice, those of ``marked``'s side ("own side" is ``seat``'s, "other side" the
    other) saying so: two models of one name, one per side, stay apart."""
    models = board(state)
    return {i: models.model(i).name + (f" ({marked})" if (models.model(i).seat == seat) == (marked == "own side")
                                       else "") for i in ids}


def spell_attack(spell: Spell | None) -> tuple[bool, str]:
    """For the spell dialog: whether a spell picked from the card attacks by default (the card gives it a POW
    and does not say it is not offensive: a spell without POW deals no damage, so no assistant opens unless
    the players say so), and its POW and AOE in words; the assistant asks for a POW the card does not give."""
    if spell is None:
        return False, "A spell not picked from the card: the attack assistant asks for its POW."
    if spell.pow is None:
        return False, f"The card gives {spell.name} no POW: the attack assistant asks for it."
    area = f", AOE {spell.aoe}" if spell.aoe else ""
    return spell.off is not False, f"POW {spell.pow}{area}, from the card."


def label_for(action: str) -> str | None:
    """The button text of an option, or None for options a model's buttons do not show."""
    kind, _, detail = action.partition(":")
    if detail and kind in PREFIXED:
        return PREFIXED[kind].format(effect_name(detail) if kind == "shake" else detail)
    return LABELS.get(action)


def caster_control_question(state: GameState, caster_id: str, what: str) -> tuple[str, str]:
    """Whether ``what`` is in the warcaster's or warlock's control range: the question with its CTRL in inches
    when known, and the question's accessible name (without the number)."""
    caster = board(state).model(caster_id)
    ctrl = caster_control_range(state, caster)
    reach = f' ({ctrl}")' if ctrl is not None else ""
    return f"{what} is in {caster.name}'s control range{reach}", f"{what} is in {caster.name}'s control range"


def master_control_question(state: GameState, master_id: str) -> str:
    """Whether the model a master sacrifices is in its control range, with its CTRL in inches."""
    m = board(state).model(master_id)
    return f'It is in {m.name}\'s control range ({control_range(state, m)}")'


def spirit_bond_hint(state: GameState, warlock_id: str) -> str:
    """How much fury spirit bond may give, with the warlock's fallen warbeasts counted."""
    fallen = len(fallen_warbeasts(state, board(state).model(warlock_id)))
    return f"Up to 1 fury per warbeast of its battlegroup destroyed or removed from play ({fallen} so far)."


@dataclass(frozen=True)
class ArcanaChoice:
    """A Grymkin warlock's own Trump ("" while its card does not say), what its first card may be (its Trump
    first), and the regular cards its other two may be."""

    trump: str
    first: tuple[str, ...]
    regular: tuple[str, ...]


def arcana_choice(state: GameState, warlock_id: str) -> ArcanaChoice:
    own, regular = arcana_offer(state, board(state).model(warlock_id))
    return ArcanaChoice(own, ((own,) if own else ()) + tuple(regular), tuple(regular))


@dataclass(frozen=True)
class SummonOffer:
    """The horrors a master may pick (ready, or only lacking numbers the player completes) and whether its side
    has an Infernal Gate in play (near it, a summon costs 1 less)."""

    horrors: dict[str, Card]
    gate: bool


def summon_offer(state: GameState, master_id: str, catalog: dict[str, Card]) -> SummonOffer:
    """What ``master_id`` may summon from the player's ``catalog`` and the game's cards."""
    seat = board(state).model(master_id).seat
    return SummonOffer(summonable({**catalog, **board(state).cards}), friendly_gate(state, seat) is not None)


def summon_cost_words(state: GameState, master_id: str, card: Card, near_gate: bool) -> str:
    m = board(state).model(master_id)
    return f"Cost: {summon_cost(card, near_gate)} essence ({m.name} has {m.essence or 0})"


@dataclass(frozen=True)
class EffectToggle:
    """One effect the table can put on (``on`` False) or take off (``on`` True), in a button's words."""

    effect: Effect
    on: bool
    words: str


def effect_toggles(m: ModelState) -> tuple[EffectToggle, ...]:
    return tuple(EffectToggle(e, e in m.effects, f"{'No longer' if e in m.effects else 'Now'} {effect_name(e)}")
                 for e in EFFECTS)

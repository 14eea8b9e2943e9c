"""What a model may do now, found by trying each action on the (immutable) state: the UI and the rules can
never disagree about why a button is greyed."""

from __future__ import annotations

from typing import get_args

from models.catalog.schema import Card, Stats, WebLayout
from models.rules.core import DERIVED, Command, GameState, Option, RuleViolation, probe
from models.rules.warmachine import caster_options
from models.rules.warmachine.activation import Activate, Charge, EndActivation, Run, StandUp
from models.rules.warmachine.attack_math import dice_count, weapon_places
from models.rules.warmachine.attacks import Boost, BuyAttack, DeclareAttack, NextAttack, trooper_attacked
from models.rules.warmachine.continuous import CONTINUOUS, ResolveContinuous
from models.rules.warmachine.damage import MarkDamage, crippled_notes, rolled_layout, sections
from models.rules.warmachine.derived import derived, flat
from models.rules.warmachine.essence import Allocate, Heal, Leech
from models.rules.warmachine.match import ModelState, StatName, board
from models.rules.warmachine.phases import Advance, closes
from models.rules.warmachine.replenish import Sacrifice, sacrifice_refusal
from models.rules.warmachine.shake import SHAKEABLE, AddEffect, Shake
from models.rules.warmachine.spells import CastSpell, DropUpkeep, Upkeep, UseFeat
from models.rules.warmachine.state import combat_refusal, has_essence_manipulation, is_horror
from models.rules.warmachine.summoning import Summon
from models.rules.warmachine.themes import Reposition, has_reposition
from models.rules.warmachine.tithe import PayTithe, SkipTithe


def model_options(state: GameState, model_id: str) -> tuple[Option, ...]:
    m = board(state).model(model_id)
    probes: list[tuple[str, Command]] = [
        ("activate", Activate(model=m.id)),
        ("end_activation", EndActivation(model=m.id)),
        ("mark_damage", _damage_probe(state, m)),
        *((f"resolve_continuous:{e}", ResolveContinuous(model=m.id, effect=e, expires=True))
          for e in CONTINUOUS if e in m.effects),
        *((f"stand_up:{gives}", StandUp(model=m.id, forfeit=gives)) for gives in ("movement", "action")
          if "knocked_down" in m.effects),
    ]
    if has_essence_manipulation(state, m) or is_horror(state, m):
        probes += [
            ("boost_attack", Boost(model=m.id, roll="attack")),
            ("boost_damage", Boost(model=m.id, roll="damage")),
            ("buy_attack", BuyAttack(model=m.id)),
            ("next_attack", NextAttack(model=m.id)),
            ("run", Run(model=m.id)),
            ("charge", Charge(model=m.id)),
        ]
    if has_essence_manipulation(state, m):
        probes += [("leech", Leech(master=m.id, points=1)), ("heal_self", Heal(master=m.id, target=m.id, points=1))]
        probes += [("feat", UseFeat(master=m.id)), ("cast", CastSpell(model=m.id, spell="a spell", cost=0))]
        probes += [(f"upkeep:{s}", Upkeep(master=m.id, spell=s)) for s in m.upkeeps]
        probes += [(f"drop_upkeep:{s}", DropUpkeep(master=m.id, spell=s)) for s in m.upkeeps]
    if has_essence_manipulation(state, m) or is_horror(state, m):
        probes += [(f"shake:{e}", Shake(model=m.id, effect=e)) for e in SHAKEABLE if e in m.effects]
    if is_horror(state, m):
        probes += [("pay_tithe", PayTithe(horror=m.id)), ("skip_tithe", SkipTithe(horror=m.id))]
        if m.battlegroup:
            probes += [
                ("receive_allocation", Allocate(master=m.battlegroup, horror=m.id, points=1)),
                ("be_healed", Heal(master=m.battlegroup, target=m.id, points=1)),
            ]
    if has_reposition(state, m):
        probes.append(("reposition", Reposition(model=m.id)))
    probes += caster_options.probes(state, m)
    found = [Option(action=DERIVED, allowed=False, values=flat(derived(state, m)))]  # numbers, not an action
    found += [probe(state, action, command, ASKED.get(action, ()),
                    _cast_choices(state, m) if action == "cast" else None) for action, command in probes]
    found.append(_attack_option(state, m))
    found.append(_stat_change_option(state, m))
    found += caster_options.options(state, m)
    if has_essence_manipulation(state, m):
        found += [_sacrifice_option(state, m), _summon_option(state, m)]
    return tuple(_closing(state, o) for o in found)


def _closing(state: GameState, o: Option) -> Option:
    """An allowed option whose command would close a step that still offers something says which (``ends``)."""
    if not o.allowed or o.command is None:
        return o
    ends = closes(state, o.command.type)
    return o.model_copy(update={"ends": ends}) if ends else o


# What the player answers before each action's command is sent (the probe holds stand-ins there); the
# candidates the rules know are in the option's ``choices``.
ASKED: dict[str, tuple[str, ...]] = {
    "mark_damage": ("amount", "column", "side", "then_column", "transfer_to"),
    "leech": ("points",), "heal_self": ("points",), "receive_allocation": ("points",), "be_healed": ("points",),
    "cast": ("spell", "cost", "upkeep", "target", "targets", "stat", "amount", "duration", "attack_target",
             "in_range"),
    "change_stat": ("stat", "amount", "cause", "duration", "caster", "also"),
    "sacrifice": ("victim", "in_control", "in_formation"),
    "summon": ("vessel", "horror_card", "in_command", "near_gate"),
    "attack": ("target", "kind", "in_range", "free_strike", "weapon", "charge", "combined"),
    **caster_options.ASKED,
}


def _cast_choices(state: GameState, m: ModelState) -> dict[str, tuple[str, ...]]:
    """The models a spell's change may land on (every model in play: its area, its unit or its target is the
    players' answer), and those an offensive spell may attack (every other model in play, the other side's
    first)."""
    in_play = [x for x in board(state).models if x.in_play]
    others = sorted((x for x in in_play if x.id != m.id), key=lambda x: x.seat == m.seat)
    return {"targets": tuple(x.id for x in in_play), "attack_target": tuple(x.id for x in others)}


def _damage_probe(state: GameState, m: ModelState) -> MarkDamage:
    """Damage with stand-ins for where it goes in: a column that only grids and spirals read, and a side for a
    colossal's grids or a gargantuan's spirals (the players say both when they mark damage)."""
    layout = rolled_layout(state, m)
    return MarkDamage(model=m.id, amount=1, column=1, side="left" if layout and layout.sides == 2 else None)


def _refused(action: str, reason: str, code: str) -> Option:
    return Option(action=action, allowed=False, reason=reason, code=code)


def _attack_option(state: GameState, m: ModelState) -> Option:
    """The attack assistant, probed against the first enemy in play, with the dice each roll needs now; the
    targets it may choose are every other model in play, the other side's first; a trooper may be joined by
    the other troopers of its unit in play that may still attack (a combined attack). Refused with a command:
    only a free strike is left; refused without one (knocked down, say): no attack at all, and the reason says
    why."""
    targets = sorted((x for x in board(state).models if x.in_play and x.id != m.id), key=lambda x: x.seat == m.seat)
    if not targets:
        return _refused("attack", "There is nothing in play to attack.", "attack.no_target")
    dice = {roll: dice_count(state, m, roll) for roll in ("attack", "damage")}
    dice |= {f"{roll}:{w}": dice_count(state, m, roll, w) for w in weapon_places(state, m) if w != "other"
             for roll in ("attack", "damage")}
    mates = tuple(x.id for x in board(state).models if m.unit is not None and x.unit == m.unit and x.in_play
                  and x.id != m.id and (combat_refusal(x, "attack", "attack") or trooper_attacked(x)) is None)
    choices = {"target": tuple(x.id for x in targets), "combined": mates}
    found = probe(state, "attack", DeclareAttack(attacker=m.id, target=targets[0].id), ASKED["attack"], choices)
    if not found.allowed and not probe(state, "attack", DeclareAttack(attacker=m.id, target=targets[0].id,
                                                                      free_strike=True)).allowed:
        return _refused("attack", found.reason, found.code)  # not even a free strike: nothing to ask
    return found.model_copy(update={"dice": dice})


def _stat_change_option(state: GameState, m: ModelState) -> Option:
    """A spell, feat or animus changing one of the model's stats: the stats its card gives to change, the
    upkeep spells in play a "while upkept" change may hang on (``"caster:spell"``), and the other models in
    play the same change may land on too (which an area covers is the players' answer)."""
    card = board(state).card_of(m).stats
    stats = tuple(name for name in get_args(StatName) if getattr(card, name) is not None)
    if not stats:
        return _refused("change_stat", f"{m.name}'s card gives no stat to change.", "effect.no_stat")
    upkept = tuple(f"{x.id}:{spell}" for x in board(state).models if x.in_play for spell in x.upkeeps)
    others = tuple(x.id for x in board(state).models if x.in_play and x.id != m.id)
    return probe(state, "change_stat", AddEffect(model=m.id, effect="stat", stat=stats[0], amount=1,
                                                 cause="a spell"),
                 ASKED["change_stat"], {"stat": stats, "upkeep": upkept, "also": others})


def _sacrifice_option(state: GameState, m: ModelState) -> Option:
    """Sacrifice, probed with the first friendly model that could be chosen at all."""
    victims = [v for v in board(state).models if v.in_play and v.seat == m.seat and v.id != m.id
               and sacrifice_refusal(state, m, v) is None]
    if not victims:
        return _refused("sacrifice", "No friendly model with a soul is in play to sacrifice.",
                        "sacrifice.no_victim")
    return probe(state, "sacrifice", Sacrifice(master=m.id, victim=victims[0].id), ASKED["sacrifice"],
                 {"victim": tuple(v.id for v in victims)})


def _summon_option(state: GameState, m: ModelState) -> Option:
    """Summon, probed with the first Marked Soul and a stand-in horror costing nothing: which horror (and so
    the cost) is chosen later from the whole catalog, so only the turn, the activation and the vessel decide
    here whether the dialog may open."""
    vessels = [v for v in board(state).models if v.in_play and v.seat == m.seat and v.id != m.id
               and board(state).card_of(v).marked_soul]
    if not vessels:
        return _refused("summon", "No Marked Soul in play to serve as the vessel.", "summon.no_vessel")
    return probe(state, "summon", Summon(master=m.id, vessel=vessels[0].id, horror_card=_ANY_HORROR),
                 ASKED["summon"], {"vessel": tuple(v.id for v in vessels)})


_ANY_HORROR = Card(key="any-horror", name="any horror", faction="Infernals", role="horror", weight="lesser",
                   stats=Stats(ESSENCE=0), damage=WebLayout(rings=(1, 1, 1)))


def turn_options(state: GameState) -> dict[str, Option]:
    """Moving the turn on (the Next button): allowed, or why the turn is held (a tithe, an upkeep, damage...)."""
    return {"advance": probe(state, "advance", Advance())}


def notes(state: GameState, model_id: str) -> tuple[str, ...]:
    """Standing effects in words (crippled rings, systems and aspects and what they do; frenzy steps,
    structure reminders, unit strength)."""
    m = board(state).model(model_id)
    more = caster_options.notes(state, m)
    try:
        sections(state, m)
    except RuleViolation as gap:
        return (gap.message, *more)
    return crippled_notes(state, m) + more


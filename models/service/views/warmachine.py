"""A Warmachine game as the spectators see it, and the words the table page shares with them: the turn line,
the clock faces, the result and its tiebreakers, the attack in progress, and one card per model or unit (its
kind, state, essence / focus / fury, damage track (its boxes, drawn in the browser) and notes).

Pure functions of the state; the table's components (webapp/components) import the same words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from models.rules import GameState, RuleViolation
from models.rules.warmachine import caster_options, structures
from models.rules.warmachine.arcana import hand
from models.rules.warmachine.attack_math import attack_dice
from models.rules.warmachine.attacks import ATTACK_SEQUENCE, DAMAGE_APPLICATION
from models.rules.warmachine.derived import ctrl, derived, flat, stat_words
from models.rules.warmachine.match import PREGAME_LABELS, AttackRecord, ClockState, ModelState, Result, board
from models.rules.warmachine.modifiers import stat_now, summary
from models.rules.warmachine.phases import label
from models.rules.warmachine.points import (
    WARJACK_FOCUS_CAP,
    has_focus_manipulation,
    has_fury_manipulation,
)
from models.rules.warmachine.shake import effect_name
from models.rules.warmachine.spells import card_spell, is_grymkin_warlock
from models.rules.warmachine.state import essence_stat, has_essence_manipulation, is_horror, role
from models.service.views.damage import outline, track

HOW = {
    "scenario": "on scenario",
    "assassination": "by assassination",
    "deathclock": "on the clock",
    "concession": "by concession",
}
STATUS_WORDS = {"destroyed": "Destroyed", "removed": "Removed from play"}
ACTIVATION_WORDS = {"ready": "", "active": "Activated", "done": "Done this turn"}
ROLE_WORDS = {
    "infernal_master": "Infernal master", "master_infernalist": "Master Infernalist", "horror": "Horror",
    "unit": "Unit", "solo": "Solo", "structure": "Structure", "battle_engine": "Battle engine",
    "warcaster": "Warcaster", "warjack": "Warjack",
    "warlock": "Warlock", "warbeast": "Warbeast", "attachment": "Attachment",
}
KINDS = {"melee": "Melee", "ranged": "Ranged", "magic": "Magic", "power": "Power attack"}
# Which line of ATTACK_SEQUENCE (or, for damage typed in without an attack, DAMAGE_APPLICATION) each step of
# the record is at.
SEQUENCE_AT = {"attack_roll": 3, "damage_roll": 5, "disabled": 7, "boxed": 7}
DAMAGE_AT = {"disabled": 2, "boxed": 3}
WAITING = {"attack_roll": "the attack roll", "damage_roll": "the damage roll",
           "disabled": "what happens to the disabled model", "boxed": "what happens to the boxed model"}
FRENZY = "Frenzy: "


# -- words the table shares --------------------------------------------------------------------------------

def _whole(value: float) -> int | float:
    """A number of army points as a whole number when it is one (10.0 -> 10, 2.5 stays)."""
    return int(value) if float(value).is_integer() else value


def outcome(state: GameState) -> dict[str, Any] | None:
    """The result once the game is over (None before): winner, how, a headline and a sentence, the round, and
    Warmachine's own: whose turn it ended in, whether a scoring is still due, the tiebreakers in order."""
    r = board(state).result
    if r is None:
        return None
    return {"winner": r.winner, "how": r.how, "title": headline(state, r), "detail": r.detail, "seat": r.seat,
            "round": r.round, "turn_of": r.turn, "scoring_due": r.due,
            "tiebreakers": {
                "win": [int(r.winner == s) for s in (0, 1)] if r.winner is not None else [0, 0],
                "control_points": list(r.cp),
                "army_points_destroyed": [_whole(x) for x in r.destroyed],
                "army_points_in_scenario_elements": list(r.elements) if r.elements is not None else None,
            },
            "not_counted": list(r.uncounted)}


def headline(state: GameState, result: Result) -> str:
    if result.winner is None:
        return "The game is over: no winner yet"
    return f"{state.player_name(result.winner)} wins {HOW[result.how]}"


def points(value: float) -> str:
    return f"{value:g}"


def turn_words(state: GameState) -> tuple[str, str, str]:
    """The turn bar's three labels: round, whose turn, phase (setup and the end have their own words)."""
    pregame, result = board(state).pregame, board(state).result
    if state.phase == "setup":
        step = pregame.step if pregame else ""
        return "Setup", PREGAME_LABELS.get(step, "Setting up"), "Before the game"
    if state.phase == "over":
        return "Game over", headline(state, result) if result else "", ""
    return f"Round {state.round}", f"{state.player_name(state.active)}'s turn", label(state)


def control_points(state: GameState) -> tuple[int, int] | None:
    """Both sides' control points in a scenario game."""
    scenario = board(state).scenario
    return scenario.cp if scenario else None


def cp_words(state: GameState) -> str:
    cp = control_points(state)
    return f"CP {state.player_name(0)} {cp[0]} · {state.player_name(1)} {cp[1]}" if cp else ""


def clock_status(clock: ClockState, seat: int, over: bool) -> str:
    if over:
        return "Stopped"
    if clock.paused:
        return "Paused" if clock.running == seat else "Waiting"
    return "Running" if clock.ticking == seat else "Waiting"


def clock_note(state: GameState, clock: ClockState) -> str:
    if state.phase == "over" or clock.stopped:
        return "The clock has stopped: the game is over."
    if clock.paused:
        return f"Paused: {clock.reason}."
    return f"{clock.minutes:g} minutes each."


def tiebreakers(state: GameState, result: Result) -> str:
    """The result's tiebreakers in order, as one sentence."""
    names = state.player_name(0), state.player_name(1)
    parts = [f"Round {result.round}",
             f"control points {names[0]} {result.cp[0]}, {names[1]} {result.cp[1]}",
             f"army points destroyed {names[0]} {points(result.destroyed[0])}, "
             f"{names[1]} {points(result.destroyed[1])}"]
    if result.elements is not None:
        parts.append(f"in scenario elements {names[0]} {result.elements[0]}, {names[1]} {result.elements[1]}")
    return "; ".join(parts) + "."


def attack_heading(state: GameState, a: AttackRecord) -> str:
    """Who attacks whom, or, for damage typed in at the table, whose damage is being applied."""
    if a.attacker is None:
        return f"Damage marked at the table: {board(state).model(a.pending[0] if a.pending else a.target).name}"
    kind = KINDS[a.kind].lower()
    if a.combined:
        kind = f"combined {kind} (with {len(a.combined)} more, +{len(a.combined) + 1} to hit and damage)"
    attacker, target = board(state).model(a.attacker), board(state).model(a.target)
    if a.spell is not None:
        spell = card_spell(state, attacker, a.spell)
        numbers = [f"POW {spell.pow}" if spell and spell.pow is not None else "POW not on the card"]
        numbers += [f"AOE {spell.aoe}"] if spell and spell.aoe else []
        return f"{attacker.name}: {a.spell}, a magic attack ({', '.join(numbers)}) against {target.name}"
    return f"{attacker.name}: {kind} attack against {target.name}"


def area_words(state: GameState, a: AttackRecord) -> str:
    """What an offensive spell's area means at the table (doc 002 Appendix A: every model in the AOE where it
    ends up is hit), or nothing for an attack without one."""
    spell = card_spell(state, board(state).model(a.attacker), a.spell) if a.attacker and a.spell else None
    if spell is None or not spell.aoe:
        return ""
    return (f"AOE {spell.aoe}: every model in the area where it lands is hit too (a miss may move it); "
            "mark their damage on their cards.")


def sequence(a: AttackRecord) -> tuple[str, tuple[str, ...], int | None]:
    """The steps the record goes through, with its title, and the number of the step it is at: the attack
    sequence, or damage application for damage typed in without an attack."""
    if a.attacker is None:
        return "Damage application", tuple(DAMAGE_APPLICATION), DAMAGE_AT.get(a.step)
    return "The attack sequence", tuple(ATTACK_SEQUENCE), SEQUENCE_AT.get(a.step)


def attack_roll_words(a: AttackRecord) -> str:
    if not a.attack_dice:
        return ""
    return f"Attack roll {' + '.join(map(str, a.attack_dice))}: {'hit' if a.hit else 'missed'}."


def has_points(state: GameState, model_id: str) -> bool:
    """Whether the model holds focus or fury (the tracker is shown on its card)."""
    m = board(state).model(model_id)
    if m.essence is not None:
        return False
    return role(state, m) in ("warjack", "warbeast") or has_focus_manipulation(state, m) \
        or has_fury_manipulation(state, m)


def tracker(state: GameState, m: ModelState) -> Literal["essence", "points"] | None:
    """Which points a model's card tracks: essence (a master or a horror), focus or fury, or none; the control
    guide gives a block to exactly these models."""
    if has_essence_manipulation(state, m) or is_horror(state, m):
        return "essence"
    return "points" if has_points(state, m.id) else None


@dataclass(frozen=True)
class CardParts:
    """What a model's card holds beside its name, state and numbers: the points it tracks, a structure's
    reminders, a Grymkin warlock's Arcana panel, a warbeast's frenzy panel, and the soul token button of a
    model that manipulates essence."""

    tracker: Literal["essence", "points"] | None
    reminders: tuple[str, ...]
    arcana: bool
    frenzy: bool
    soul_tokens: bool


def card_parts(state: GameState, m: ModelState) -> CardParts:
    """The parts of ``m``'s card, read once when the card is built (the table's and the spectators')."""
    return CardParts(tracker(state, m), structures.notes(state, m), is_grymkin_warlock(state, m),
                     role(state, m) == "warbeast", has_essence_manipulation(state, m))


def points_line(state: GameState, model_id: str) -> tuple[str, int, int | None, str]:
    """(kind, points held, the cap or None when the card lacks it, extra words such as CTRL or THR)."""
    m = board(state).model(model_id)
    stats = board(state).card_of(m).stats
    kind = role(state, m)
    if kind == "warjack":
        return "Focus", m.focus or 0, WARJACK_FOCUS_CAP, ""
    if kind == "warbeast":
        thr = f"THR {stats.THR}" if stats.THR is not None else "THR unknown"
        return "Fury", m.fury or 0, stat_now(state, m, "FURY"), thr
    inches = ctrl(state, m)
    extra = f'CTRL {inches}"' if inches is not None else ""
    if has_focus_manipulation(state, m):
        return "Focus", m.focus or 0, stat_now(state, m, "FOCUS"), extra
    return "Fury", m.fury or 0, stat_now(state, m, "FURY"), extra


def points_text(kind: str, have: int, cap: int | None) -> str:
    return f"{kind} {have} / {cap}" if cap is not None else f"{kind} {have}: {kind.upper()} unknown"


def essence_line(state: GameState, m: ModelState) -> tuple[str, int, int | None, str]:
    """(words, essence held, ESSENCE or None when the card lacks it, a master's CTRL in inches)."""
    try:
        stat: int | None = essence_stat(state, m)
    except RuleViolation:
        return "Essence: ESSENCE unknown", m.essence or 0, None, ""
    have = m.essence or 0
    inches = ctrl(state, m)
    return f"Essence {have} / {stat}", have, stat, f'CTRL {inches}"' if inches is not None else ""


def frenzy_steps_now(state: GameState, model_id: str) -> tuple[str, ...]:
    """The forced behaviour of a warbeast frenzied right now, from the rules' notes (empty otherwise)."""
    m = board(state).model(model_id)
    return tuple(n[len(FRENZY):] for n in caster_options.notes(state, m) if n.startswith(FRENZY))


def kind_words(state: GameState, m: ModelState) -> str:
    card = board(state).card_of(m)
    kind = ROLE_WORDS.get(card.role, card.role)
    return f"{card.weight.capitalize()} {kind.lower()}" if card.weight else kind


def gone_words(m: ModelState) -> str:
    """How a model out of play reads on its card: "Destroyed", or "Removed from play: sacrificed"."""
    words = STATUS_WORDS.get(m.status, "")
    return f"{words}: {m.removed_why}" if words and m.removed_why else words


def attacked_words(m: ModelState) -> str:
    """A trooper's mark on its unit's card while the unit activates: whether it has made its attack (alone or
    in a combined attack), so the table sees who is left to attack."""
    return "Has attacked" if m.in_play and m.activation == "active" and m.act.declared else ""


def activation_now(state: GameState, m: ModelState) -> str:
    """A model's activation as the table shows it: "done" counts for the side whose turn it is, so the other
    side's marks are cleared as soon as the turn passes."""
    return "ready" if m.activation == "done" and m.seat != state.active else m.activation


def status_words(state: GameState, m: ModelState) -> str:
    return gone_words(m) or ("Frenzied" if frenzy_steps_now(state, m.id) else "") \
        or ACTIVATION_WORDS[activation_now(state, m)]


def stats_words(state: GameState, m: ModelState) -> str:
    """Effective DEF, ARM, MAT and RAT with what changed them ("DEF 5 (knocked down) · ARM 15")."""
    return stat_words(derived(state, m))


def extras_words(m: ModelState) -> str:
    extras = [effect_name(e).capitalize() for e in m.effects]
    extras += [summary(mod) for mod in m.mods]
    extras += [f"Upkeep: {spell}" for spell in m.upkeeps]
    if m.soul_tokens:
        extras.append(f"Soul tokens: {m.soul_tokens}")
    if m.feat_used:
        extras.append("Feat used")
    return " · ".join(extras)


def arcana_words(state: GameState, m: ModelState) -> list[tuple[str, bool]]:
    """A Grymkin warlock's Arcana cards as (words, played); empty before they are chosen."""
    return [(f"{card}{' (Trump)' if trump else ''}: {'played' if played else 'not played'}", played)
            for card, played, trump in hand(state, m)]


# -- the spectators' view ----------------------------------------------------------------------------------

def look(state: GameState, m: ModelState) -> str:
    """The card's look: gone (out of play), active or done (its activation this turn), or plain."""
    if not m.in_play:
        return "gone"
    now = activation_now(state, m)
    return "" if now == "ready" else now


def view(state: GameState) -> dict[str, Any]:
    """The parts of the spectators' view only a Warmachine game has (the rest: views/__init__.py)."""
    where, who, what = turn_words(state)
    cp = control_points(state)
    return {
        "turn": {"round": where, "player": who, "phase": what, "cp": cp_words(state)},
        "score": {"round": state.round, "cp": list(cp) if cp else None, "active": state.active},
        "clock": _clock(state),
        "result": _result(state),
        "attack": _attack(state),
        **_cards(state),
    }


def _clock(state: GameState) -> dict[str, Any] | None:
    clock = board(state).clock
    if clock is None:
        return None
    over = state.phase == "over" or clock.stopped
    return {"remaining": list(clock.remaining_ms), "since": clock.since, "ticking": clock.ticking,
            "status": [clock_status(clock, seat, over) for seat in (0, 1)], "note": clock_note(state, clock)}


def _result(state: GameState) -> dict[str, Any] | None:
    result = board(state).result
    if result is None:
        return None
    return {"title": headline(state, result), "detail": result.detail, "tiebreakers": tiebreakers(state, result)}


def _attack(state: GameState) -> dict[str, Any] | None:
    a = board(state).attack
    if a is None:
        return None
    title, steps, at = sequence(a)
    return {"heading": attack_heading(state, a), "waiting": f"Waiting for {WAITING[a.step]}.",
            "roll": attack_roll_words(a), "title": title, "sequence": list(steps), "at": at,
            "step": a.step, "charge": a.charge, "dice": attack_dice_needed(state, a)}


def attack_dice_needed(state: GameState, a: AttackRecord) -> dict[str, int]:
    """The dice the pending attack's rolls need now, plain and boosted (after crippling and a charge)."""
    return {f"{roll}{'_boosted' if boost else ''}": attack_dice(state, a, roll, boost)
            for roll in ("attack", "damage") for boost in (False, True)}


def _cards(state: GameState) -> dict[str, Any]:
    """One card per model, or per unit with its troopers, by id; and each side's cards in list order."""
    cards: dict[str, Any] = {}
    sides: list[list[str]] = [[], []]
    for m in board(state).models:
        key = m.unit or m.id
        if key in cards:
            continue
        cards[key] = _unit(state, key) if m.unit else _model(state, m)
        sides[m.seat].append(key)
    return {"cards": cards, "sides": sides}


def _points(state: GameState, m: ModelState) -> dict[str, Any] | None:
    """Essence, focus or fury against its stat, with CTRL or THR."""
    kept = tracker(state, m)
    if kept == "essence":
        text, have, cap, extra = essence_line(state, m)
        return {"text": text, "have": have, "cap": cap, "look": "", "extra": extra}
    if kept is None:
        return None
    kind, have, cap, extra = points_line(state, m.id)
    return {"text": points_text(kind, have, cap), "have": have, "cap": cap, "look": kind.lower(), "extra": extra}


def held_words(state: GameState, m: ModelState) -> str:
    """Essence, focus or fury against its stat, or nothing for a model that holds none (a model's tile)."""
    held = _points(state, m)
    return str(held["text"]) if held else ""


def _model(state: GameState, m: ModelState) -> dict[str, Any]:
    drawn, notes = outline(state, m, track(state, m))
    numbers = derived(state, m)
    parts = card_parts(state, m)
    card: dict[str, Any] = {"name": m.name, "seat": m.seat, "kind": kind_words(state, m),
                            "status": status_words(state, m), "look": look(state, m), "points": _points(state, m),
                            "track": drawn, "notes": notes, "extras": extras_words(m),
                            "reminders": list(parts.reminders),
                            "stats": stat_words(numbers), "derived": flat(numbers)}
    if parts.arcana:
        card["arcana"] = [{"text": text, "played": played} for text, played in arcana_words(state, m)]
    if parts.frenzy:
        card["frenzy"] = [f"{i}. {text}" for i, text in enumerate(frenzy_steps_now(state, m.id), 1)]
    return card


def _unit(state: GameState, unit_id: str) -> dict[str, Any]:
    troopers = [m for m in board(state).models if m.unit == unit_id]
    alive = [m for m in troopers if m.in_play]
    activation = activation_now(state, alive[0]) if alive else "done"
    leader = troopers[0]
    rows = []
    for t in troopers:
        drawn, notes = outline(state, t, track(state, t))
        rows.append({"name": t.name.split(": ", 1)[-1], "track": drawn, "notes": notes, "status": gone_words(t),
                     "look": look(state, t)})
    return {"name": board(state).card_of(leader).name, "seat": leader.seat,
            "kind": f"Unit: {len(alive)} of {len(troopers)} models in play",
            "status": "Destroyed" if not alive else ACTIVATION_WORDS[activation],
            "look": "gone" if not alive else ("" if activation == "ready" else activation), "troopers": rows}

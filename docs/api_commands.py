"""Regenerates the command vocabulary in docs/API.md from models.rules.core.COMMANDS (`make docs`)."""

import json
import sys
import typing
from pathlib import Path

import annotated_types as at
from pydantic import BaseModel

import models.rules  # noqa: F401 - registers
from models.rules.core import COMMANDS, SYSTEM_OF, TIMING_OF
from models.rules.senders import SENDERS
from models.rules.warlord.phases import PHASES as WARLORD_PHASES
from models.rules.warmachine.phases import PHASES

A, G, F, C, R, RG = (
    "p1-agathon",
    "p1-guardian-of-souls",
    "p1-foreboder",
    "p1-cultist-band.1",
    "p2-princess-regna",
    "p2-guardian-of-souls",
)
CARD = {
    "key": "foreboder",
    "name": "Foreboder",
    "faction": "Infernals",
    "role": "horror",
    "weight": "lesser",
    "stats": {"ESSENCE": 1},
    "damage": {"kind": "web", "total": 14, "rings": [6, 4, 4]},
}
EX = {
    "setup": None,
    "advance": {},
    "complete_card": {"card": CARD},
    "mark_damage": {"model": A, "amount": 3},
    "apply_attack_damage": {"hits": [{"model": A, "amount": 4, "transfer_to": G}, {"model": G, "amount": 2}]},
    "activate": {"model": A},
    "end_activation": {"model": A},
    "run": {"model": G},
    "reposition": {"model": "p1-umbral-guardian"},
    "charge": {"model": G},
    "stand_up": {"model": G, "forfeit": "movement"},
    "power_attack": {"model": G, "kind": "slam"},
    "leech": {"master": A, "points": 2},
    "sacrifice": {"master": A, "victim": C},
    "add_soul_token": {"model": A, "count": 2},
    "allocate": {"master": A, "horror": G, "points": 2},
    "upkeep": {"master": A, "spell": "Dark Shroud"},
    "drop_upkeep": {"master": A, "spell": "Dark Shroud"},
    "shake": {"model": A, "effect": "knocked_down"},
    "add_effect": {"model": G, "effect": "stat", "stat": "ARM", "amount": 2, "cause": "Iron Flesh",
                   "duration": "round"},
    "remove_effect": {"model": G, "effect": "knocked_down"},
    "heal": {"master": A, "target": G, "points": 2},
    "boost": {"model": A, "roll": "attack"},
    "buy_attack": {"model": A},
    "next_attack": {"model": A},
    "feat": {"master": A},
    "cast": {"model": A, "spell": "Dark Shroud", "cost": 2, "upkeep": True,
             "targets": ["p2-princess-regna", "p2-guardian-of-souls"], "stat": "ARM", "amount": -2},
    "summon": {"master": A, "vessel": C, "horror_card": CARD, "in_command": True, "near_gate": False},
    "pay_tithe": {"horror": G},
    "skip_tithe": {"horror": G},
    # issue 6: setup wizard, deathclock, scenario, game end (at_ms and priority dice are filled in by the server)
    "choose_scenario": {"name": "Club scenario"},
    "reveal_lists": {"lists": ["Dark Host", ""]},
    "give_list_pair": {"seat": 0, "lists": [
        {"name": "Agathon and cultists", "army": [{"card": "agathon"}, {"card": "cultist-band", "size": 4}]},
        {"name": "Agathon alone", "army": [{"card": "agathon"}], "theme": "dark-legacy"}]},
    "choose_from_pair": {"seat": 0, "index": 1},
    "choose_objectives": {"objectives": ["Armory", ""]},
    "roll_priority": {"dice": [{"dice": [5]}, {"dice": [2]}]},
    "choose_order": {"goes_first": True},
    "choose_side": {"side": "the north edge"},
    "add_setup_task": {"text": "Ambush: Cultist Band", "when": "before"},
    "tick_setup_task": {"when": "before", "index": 0, "done": True},
    "finish_setup_step": {},
    "start_game": {},
    "start_clock": {"minutes_per_player": 60},
    "pass_clock": {"to_seat": 1},
    "pause_clock": {"reason": "Judge call"},
    "resume_clock": {},
    "adjust_clock": {"seat": 1, "remaining_ms": 300000},
    "clock_expired": {"seat": 1},
    "score_turn": {"cp": [1, 0], "killbox": [False, False]},
    "assassinated": {"seat": 1},
    "concede": {"seat": 0},
    "final_score": {"cp": [0, 2]},
    "scenario_elements": {"points": [12, 4]},
}
SAY = {
    "setup": (
        "Sets the game up. Sent for you by `POST /api/games`; as a command it is refused (`setup.done`). Each army "
        "obeys the list builder's rules that need no game size or points (battlegroups, the Master Infernalist's "
        "one lesser or light horror, field allowance, unit sizes): a breach is refused with the list builder's "
        "code (`list.horror_weight`, ...). A side's `theme` (a key of `GET /api/themes`) is checked too "
        "(`theme.unknown`, `theme.faction`, `theme.horror_not_allowed`) and kept as the player's `theme`."
    ),
    "advance": (
        "Moves the turn on: next step, next phase, or the other player's turn (refused while a tithe, an upkeep "
        "spell or a continuous effect is undecided, or damage application waits)."
    ),
    "complete_card": (
        "Fills in what this game's copy of a card leaves empty (web rings, ESSENCE...) from the player's own "
        "stat card. It changes this game only (undo takes it back), never `GET /api/cards`; a fact the card "
        "gives already cannot change (`card.fact_given`)."
    ),
    "mark_damage": (
        "Damage a model suffers, marked at the table; a master may transfer it to a horror of its "
        "battlegroup (`transfer_to`, 1 essence). A model whose every box is marked is disabled; when a rule in "
        "play acts then (Tough on its card) it waits, like in the attack assistant: `state.attack` (kind `damage`) "
        "until `resolve_disabled`. With no such rule it is disabled, boxed and destroyed by the same command "
        "(`damage.disabled`, `model.destroyed`), with no pause. A grid or spiral "
        "needs the d6 `column`; a colossal's two grids or a gargantuan's two spirals also the `side` (`left`, "
        "`right`: the attacker's side, or a d6 with none, 1-3 left; else `damage.side_needed`) and, when the "
        "damage fills that side, `then_column`, the d6 where the rest goes in on the other side (else "
        "`damage.then_column_needed`). `damage_roll`, `resolve_continuous`, `remove_damage` and each hit of "
        "`apply_attack_damage` take the same."
    ),
    "apply_attack_damage": (
        "One attack damaging several models at once (AOE, spray): horrors' own damage is applied before "
        "damage transferred to them; each model it disables waits in turn (`resolve_disabled`)."
    ),
    "activate": "Activates a model (a unit as a whole); ends the activation in progress first.",
    "end_activation": "Ends the model's activation.",
    "reposition": (
        "A Dark Legacy player's Infernal solo repositions (up to 3\", measured at the table) and its activation "
        "ends; refused for another model (`theme.no_reposition`) and after it ran (`theme.reposition_ran`)."
    ),
    "run": (
        "The active model runs (costs a horror 1 essence once its outer ring is crippled); running ends what it "
        "does in this activation: every later action of it is refused (`essence.ran`, `attack.ran`, ...)."
    ),
    "charge": "The active model charges (same cost rule as `run`; not a horror summoned this turn).",
    "stand_up": (
        "A knocked-down model stands up in its own activation by giving up its `forfeit`: `movement` (then it "
        "cannot run or charge: `stand_up.movement_forfeited`) or `action` (then it makes no attack: "
        "`stand_up.action_forfeited`). Refused when it is not knocked down (`stand_up.not_knocked_down`), when its "
        "movement is already used (`stand_up.movement_used`) or it has already attacked (`stand_up.action_used`). "
        "While knocked down a model makes no attack of any kind, a free strike, a boost and an additional attack "
        "included (`knockdown.no_attack`), and does not run, charge, slam or trample (`knockdown.no_move`); a "
        "frenzied warbeast ignores it. A master or a horror may instead `shake` it off for 1 essence in the "
        "control phase. The model's options offer `stand_up:movement` and `stand_up:action` while it may."
    ),
    "power_attack": (
        "The active model makes a power attack allowed for its size; a throw needs an Open Fist weapon "
        "(`open_fist`). Refused for a horror summoned this turn and after a run; a structure never slams or "
        "tramples, as it never runs or charges (`structure.fixed`)."
    ),
    "leech": "A master leeches essence: 1 damage to itself per point, never above its ESSENCE.",
    "sacrifice": (
        "A master removes a friendly living model with a soul in its control range and refills to its ESSENCE."
    ),
    "add_soul_token": (
        "Records soul tokens a master collected at the table (they become essence in its next control phase)."
    ),
    "allocate": "A master gives essence to a horror of its battlegroup in its control range.",
    "upkeep": (
        "A master pays 1 essence to keep an upkeep spell in play; until each upkeep spell is paid or let go, the "
        "upkeep step cannot be left (`upkeep.pending`)."
    ),
    "drop_upkeep": "A master lets an upkeep spell expire instead of paying for it (the other answer of the step).",
    "shake": "A master or horror spends 1 essence to shake off an effect.",
    "add_effect": (
        "Records an effect that happened at the table (knocked down, Blind, on fire...). With `effect` "
        "`\"stat\"` it records a spell, feat or animus changing one stat of the model: `stat` changes by "
        "`amount` (-10 to 10, not 0) because of `cause` (the spell's, feat's or animus's name, shown beside the "
        "number: \"ARM 17 (+2 Iron Flesh)\") for `duration`: `activation` (ends with the activation going on "
        "now), `turn` (ends as the next turn begins), `round` (ends as the recording side's next turn begins) "
        "or `upkeep` (ends when `caster`'s upkeep spell named `cause` expires or the caster leaves play). The "
        "`derived` numbers of `/options`, the card, the watch view and the attack assistant's arithmetic use the "
        "changed number; a horror whose ESSENCE goes down loses the essence above it at once, a master, "
        "warcaster or warlock at its next maintenance phase. Each change is listed in the model's `mods`. "
        "`also` names the other models the same change lands on (a feat or spell whose area covers several): "
        "one command, so one undo takes them all back. "
        "Refused: no stat or an amount of 0 (`effect.stat_missing`), a stat the card lacks (`effect.no_stat`), "
        "the same cause on the same stat twice (`effect.already`), `activation` while no model is activating "
        "(`effect.no_activation`), `upkeep` without that upkeep spell in play (`effect.not_upkept`), a model "
        "named twice (`effect.model_twice`), `also` with a state rather than a stat (`effect.one_model`); any "
        "refusal records nothing."
    ),
    "remove_effect": "Records that an effect ended at the table.",
    "heal": (
        "During its activation a master spends 1 essence per damage point removed from itself or one of its "
        "horrors in its control range."
    ),
    "boost": (
        "Spends 1 essence to boost the current attack's attack or damage roll (once per roll), before its dice: "
        "a roll the attack assistant already recorded is refused (`boost.after_roll`)."
    ),
    "buy_attack": "Spends 1 essence for an additional melee attack (not by a horror summoned this turn).",
    "next_attack": "Moves on to the model's next initial attack (another weapon), so boosts are counted per roll.",
    "feat": "A master uses its feat (once per game, during its activation, not when it runs).",
    "cast": (
        "A model casts a spell by paying its COST in essence, focus or fury; an upkeep spell stays on the caster. "
        "A spell that changes a stat names the `stat`, the `amount` and the models it lands on: `target`, and "
        "`targets` for every model its area or unit covers (the players' answer; left out: the caster); each "
        "change is recorded as `add_effect`'s `\"stat\"` effect, caused by the spell, for `duration` or, for "
        "an upkeep spell, while it is upkept (cast again, the earlier casting's changes end), and one undo takes "
        "the whole casting back. An offensive spell names the model it attacks, `attack_target`, and whether it "
        "is `in_range`: its magic attack (the caster's ESSENCE, FOCUS or FURY against DEF, then the POW the "
        "caster's card gives the spell against ARM) goes on with `attack_roll` and `damage_roll`; out of range "
        "it misses. A spell the card says is not offensive makes no attack. A change or attack the rules refuse "
        "refuses the casting: nothing is paid."
    ),
    "summon": (
        "A master turns a friendly Marked Soul (`vessel`) into a horror of its battlegroup; `horror_card` "
        "is the card from `GET /api/cards` (completed if needed); `in_command` and `near_gate` are the "
        "players' answers about the table."
    ),
    "pay_tithe": "A horror pays its tithe (1 essence) at the end of its controller's turn (not asked on the first "
                 "turn of a Dark Legacy player: `tithe.not_due`).",
    "skip_tithe": "A horror's tithe is not paid: it is removed from play.",
    "choose_scenario": "Setup wizard, step 1: the scenario's name (free text).",
    "reveal_lists": (
        "Setup wizard: the list each player chose, revealed together (blank: the army the game was set up with)."
    ),
    "give_list_pair": (
        "Setup wizard, lists step of a game created with `\"pairs\": true` (Steamroller 2019): a player's two "
        "lists, each `{name, army, theme?}` checked as any army (`list.*`, `theme.*`, `setup.unknown_card`); "
        "`cards` may be left out (the server fills them in from `GET /api/cards`). The pair is sealed in the "
        "events until both are given. `pairs.given`, `pairs.same_name`, `pairs.not_paired`."
    ),
    "choose_from_pair": (
        "Setup wizard, after both pairs are given: the list a player plays (`index` 0 or 1 of their pair), "
        "sealed until the other has chosen; then both become the armies (each with its theme) and the wizard "
        "goes on to the objectives. `pairs.waiting`, `pairs.chosen`."
    ),
    "choose_objectives": "Setup wizard: each player's objective (blank: none).",
    "roll_priority": (
        "Setup wizard: both players' priority dice in seat order; leave `dice` out and the server rolls "
        "one d6 each. A tie is recorded and rolled again."
    ),
    "choose_order": "Setup wizard: the priority winner goes first (`true`) or second.",
    "choose_side": "Setup wizard: the table side the second player picks.",
    "add_setup_task": (
        "Setup wizard: an ability to resolve before the game begins (Arcana, theme terrain, Ambush) or "
        "after deployment (`when`)."
    ),
    "tick_setup_task": "Setup wizard: marks a checklist item resolved (or not).",
    "finish_setup_step": (
        'Setup wizard: done with "before the game begins" or deployment; at the clock step it means no clock.'
    ),
    "start_game": "Setup wizard: the end of setup; round 1 begins with the first player's turn.",
    "start_clock": (
        "Starts the deathclock with `minutes_per_player` each (the server stamps `at_ms`); the first "
        "player's time runs."
    ),
    "pass_clock": "Stops the running clock and starts `to_seat`'s: the end of a turn, a free strike, and back.",
    "pause_clock": "Pauses both clocks (a judge call).",
    "resume_clock": "Resumes the paused clock for the player whose time was running.",
    "adjust_clock": "A judge sets a player's remaining time (milliseconds) while the clock is paused.",
    "clock_expired": (
        "Claims that `seat`'s time ran out; refused (`clock.not_expired`) while the server's time shows "
        "some left. Ends the game (doc 002's deathclock rules)."
    ),
    "score_turn": (
        "Ends a turn of a scenario game: control points each side scored, kill boxes (each side's caster "
        'within 12" of its own edge gives the opponent 2). A lead of 5 wins; the game ends after the '
        "second player's 7th turn."
    ),
    "assassinated": ("`seat`'s caster is gone: the other side wins by assassination; a final scenario scoring is due."),
    "concede": "`seat` concedes the game.",
    "final_score": (
        "The scenario scoring the end of the game asks for (after an assassination, or right after a "
        "clock ran out in its player's own turn)."
    ),
    "scenario_elements": (
        "The last tiebreaker, entered when the game is over: army points of each side in scenario elements."
    ),
}

# What a field's type and default do not say, shown after them in its row.
FIELD_NOTES = {
    ("declare_attack", "combined"): "the other troopers of the attacker's unit in a combined attack",
}
# Examples shown after a command's first (EX), for uses its first does not show.
MORE_EX = {
    "declare_attack": [{"attacker": "p1-cultist-band.0", "target": RG, "kind": "melee",
                        "combined": ["p1-cultist-band.1", "p1-cultist-band.2"]}],
}

WIZARD = (
    "choose_scenario",
    "reveal_lists",
    "give_list_pair",
    "choose_from_pair",
    "choose_objectives",
    "roll_priority",
    "choose_order",
    "choose_side",
    "add_setup_task",
    "tick_setup_task",
    "finish_setup_step",
    "start_game",
)
WHEN = {
    **{t: 'during the setup wizard (a game created with `"wizard": true`), at its own step' for t in WIZARD},
    "start_clock": "at the setup wizard's clock step, or in play when the game has no clock yet",
    **{
        t: "once the clock is started, until the game is over"
        for t in ("pass_clock", "pause_clock", "resume_clock", "adjust_clock", "clock_expired")
    },
    "score_turn": "at the last step of a turn of a game set up with the wizard (it ends the turn)",
    "assassinated": "during play",
    "concede": "any time before the game is over",
    "final_score": "when the game is over and a scoring is due (`result.due`)",
    "scenario_elements": "when the game is over",
}

# Issue 4, the other side of the table: warcasters and warjacks, warlocks and warbeasts, structures, Grymkin
# Arcana, fire and corrosion, and the attack assistant.
WC, WJ, WL, WB, GW = "p1-stryker", "p1-ironclad", "p2-madrak", "p2-dire-troll-blitzer", "p1-dreamer"
EX.update(
    {
        "allocate_focus": {"warcaster": WC, "warjack": WJ, "points": 2, "in_control": True},
        "skip_power_up": {"warjack": WJ},
        "leech_fury": {"warlock": WL, "warbeast": WB, "points": 2, "in_control": True},
        "leech_life": {"warlock": WL, "points": 1},
        "spirit_bond": {"warlock": WL, "points": 1},
        "force": {"warbeast": WB, "points": 2, "why": "its animus"},
        "threshold_check": {"warbeast": WB, "roll": {"dice": [3, 4]}},
        "end_frenzy": {"warbeast": WB, "remove_fury": 2},
        "resolve_continuous": {
            "model": WJ,
            "effect": "fire",
            "expires": False,
            "damage": 3,
            "column": 4,
            "roll": {"dice": [5]},
        },
        "remove_damage": {"model": WJ, "amount": 2, "column": 3},
        "assign_arcana": {"warlock": GW, "cards": ["Its Trump", "Ruin", "Labyrinth"]},
        "play_arcana": {"warlock": GW, "card": "Ruin"},
        "declare_attack": {"attacker": WJ, "target": WB, "kind": "melee", "in_range": True, "free_strike": False},
        "attack_roll": {"dice": {"dice": [4, 5, 2]}, "hit": True, "boosted": True, "removed": 0},
        "damage_roll": {"dice": {"dice": [6, 3, 5]}, "damage": 6, "column": 2},
        "resolve_disabled": {"model": WB, "stage": "disabled", "survives": True, "heal": 1, "column": 1},
        "end_attack": {},
    }
)
SAY.update(
    {
        "allocate_focus": "A warcaster gives focus to a warjack of its battlegroup in its control range (never "
        "above 3 on the warjack, none to a crippled cortex).",
        "skip_power_up": "The warjack was out of its warcaster's control range: it gives back the focus of power up.",
        "leech_fury": "A warlock takes fury from a warbeast of its battlegroup in its control range (never above "
        "its FURY).",
        "leech_life": "A warlock takes fury from its own life: 1 damage per point, not transferable, never above "
        "its FURY.",
        "spirit_bond": "A warlock gains up to 1 fury per warbeast of its battlegroup destroyed or removed (once "
        "per turn, never above FURY).",
        "force": "A warbeast is forced for something the app does not count itself (an animus): `points` fury go "
        "on it, never above its FURY. Boosts, extra attacks, running and charging force it on their own.",
        "threshold_check": "A warbeast with fury makes its threshold check with the 2d6 in `roll`: above THR it "
        "frenzies and activates at once.",
        "end_frenzy": "The frenzied warbeast's activation is over; `remove_fury` fury points come off it.",
        "resolve_continuous": "Fire or corrosion on a model of the active player: it `expires`, or it stays and "
        "deals `damage` (a grid or spiral needs `column`); until each is resolved, the step cannot be left "
        "(`continuous.pending`).",
        "remove_damage": "Damage removed at the table (repair, regeneration, a healing spell); a grid or spiral "
        "says the `column`.",
        "assign_arcana": "A Grymkin warlock's three Arcana cards (its Trump and two regular ones), before the "
        "first activation.",
        "play_arcana": "A Grymkin warlock plays one of its Arcana cards (once per game each, one per turn, never "
        "mid-attack).",
        "declare_attack": "Starts the attack assistant (`in_range` false: an automatic miss; a melee attack on a "
        "structure hits). Only a free strike is allowed to a horror summoned this turn or a model that ran. `weapon` "
        "(`left`, `right`, `head`, `other`): where a warjack's weapon sits (a crippled arm or head rolls one die "
        "fewer); `charge` left out: the first melee attack after a charge is a charge attack (damage roll boosted). "
        "A frenzied warbeast makes one melee attack (`frenzy.melee_only`, `frenzy.one_attack`), a charge attack "
        "unless `charge` is false, its attack roll boosted by the rules at no cost. "
        "The view's `attack.dice` then gives the dice each roll needs.\n\n"
        "Units attack the same way, one trooper at a time: its `attacker` is the trooper's id (`p1-cultist-band.2`). "
        "Troopers of one unit may combine a melee or ranged attack: `combined` lists the other troopers taking part "
        "(the attack option's `choices.combined` names those in play that may still attack); the `attacker` makes "
        "one attack roll and one "
        "damage roll for them all with its own numbers, +1 to both for each model taking part, itself included "
        "(`state.attack.combined`; the arithmetic in `attack.rolled` and `attack.damage_rolled` shows \"+ 3 "
        "combined\"). Each trooper taking part uses an attack of its activation; the attack is a charge attack only "
        "when every one of them charged. Refused: a combined magic or power attack or free strike "
        "(`attack.combined_kind`), a model outside the attacker's unit or an attacker in no unit "
        "(`attack.combined_unit`), a trooper named twice (`attack.combined_twice`), a trooper that has already "
        "attacked in this activation, alone or combined (`attack.trooper_done`: say its next weapon's attack "
        "first with `next_attack`). The attack option of a model that may make no attack at all, not even a free "
        "strike (knocked down, say), is refused with no `command`.",
        "attack_roll": "The attack roll as rolled and whether it hit; `boosted` costs the attacker 1 point unless "
        "already paid or `free_boost`. It must have the dice the rules give (the view's `attack.dice`; else 422 "
        "`attack.dice_count`); `stat` and `defence` (default: the cards' MAT/RAT and DEF) give the arithmetic the "
        "log records next to the players' call.",
        "damage_roll": "The damage roll and the `damage` points past ARM; applied at once (a grid or spiral needs "
        "`column`; `transfer_to` for damage transference); a model it disables waits (`resolve_disabled`). The dice "
        "the rules give (`attack.dice_count`); `damage` left out: roll + `power` (P+S or POW) - `armour` (default "
        "the card's ARM).",
        "resolve_disabled": "At a pause of damage application (an attack's, or damage typed in; only for a model "
        "with a rule that acts when it is disabled, such as Tough): the model "
        "`survives` (with `heal` points removed) or goes on to boxed, then destroyed.",
        "end_attack": "Puts the attack assistant aside before damage is applied.",
    }
)
# Warlord (Reaper Miniatures, R.A.G.E.): model states of doc 003. Model ids are "p<seat>-<n>" in entry order.
WK, WO = "p1-1", "p2-1"
EX.update(
    {
        "warlord_setup": {
            "title": "Ruins at dusk",
            "sides": [
                {"player": "Ann", "models": [{"name": "Knight", "tracks": 3, "tough": 1, "stats": {
                    "mov": 6, "mav": 4, "rav": 3, "dv": 5, "cp": 0, "ma": 2, "ra": 1}}]},
                {"player": "Bob", "models": [{"name": "Zombie", "tracks": 2, "abilities": ["undead", "mindless"]}]},
            ],
        },
        "warlord_activate": {"model": WK},
        "warlord_action": {"model": WK, "action": "combat"},
        "warlord_end_activation": {"model": WK},
        "warlord_damage": {"model": WO, "amount": 1},
        "warlord_heal": {"model": WO, "amount": 1},
        "warlord_add_state": {"model": WK, "state": "burning"},
        "warlord_remove_state": {"model": WK, "state": "flying"},
        "warlord_end_turn": {},
        "warlord_poison_check": {"model": WK, "die": 7},
        "warlord_next_turn": {},
        "warlord_set_stats": {"model": WK, "stats": {"mov": 6, "mav": 4, "rav": 3, "dv": 5, "cp": 0, "ma": 2,
                                                      "ra": 1}},
        "warlord_pregame": {"cards": {WK: {"mov": 6, "mav": 4, "rav": 3, "dv": 5, "cp": 0, "ma": 2, "ra": 1},
                                      WO: {"mov": 5, "mav": 3, "rav": None, "dv": 4, "cp": 0, "ma": 1, "ra": 0}},
                            "begin": True},
        "warlord_melee_attack": {"model": WK, "target": WO, "swift": False},
        "warlord_ranged_attack": {"model": WK, "target": WO},
        "warlord_cast_spell": {"model": WO, "spell": "Bone Dart", "target": WK, "needs_los": True},
        "warlord_defend": {"model": WO, "kind": "strike"},
        "warlord_end_game": {"winner": 0, "reason": "Ann holds both shrines"},
        "warlord_concede": {"seat": 1},
    }
)
SAY.update(
    {
        "warlord_setup": "Sets a Warlord game up: two players, each model with its damage tracks, Tough, the "
        "abilities model states read and its card numbers `stats` (MOV, Special MOV, MAV, RAV, DV, CP, MA, RA as the "
        "players type them; `null` for one not typed yet holds up the first activation, `stats.missing`; RA 0: no "
        "ranged attacks, CP 0: no spells; `stats` left out: the game keeps no card numbers). With `pregame` and a "
        "number still empty the game opens before game turn 1 (phase `setup`), where `warlord_pregame` types them. "
        "Send it to `GameService.start` (the new-game page does); on a game it is refused (`setup.done`).",
        "warlord_pregame": "The pre-game screen's form, before game turn 1: `cards` maps a model's id to its card "
        "numbers as typed (the whole card; `null` stays empty), each a whole number from 0 to 30 (`stats.range`). "
        "With `begin` game turn 1 begins, refused while a number the game needs is empty (`stats.missing`); "
        "without it the numbers are only kept (`stats.same` when nothing changes). A seat sends only its own "
        "models' cards; one undo takes the whole form back.",
        "warlord_action": "The activated model takes one of its two actions (one when Stunned). Burning costs 1 "
        "damage after it unless the action is `extinguish`; `combat` spends Blessed; `shake_off` ends Shaken; "
        "a Held model cannot `move`, `charge` or `run`.",
        "warlord_end_activation": "Ends the activation: a Burning model loses 1 damage track per action not "
        "taken; Disabled, Held and Stunned for this activation end.",
        "warlord_add_state": "A model gains a model state. Immunities refuse it (`state.immune`), Burrowed and "
        "Flying exclude each other, Blessed and Cursed cancel out.",
        "warlord_poison_check": "A poisoned model's end phase check: `die` is what the players rolled; the app "
        "adds 1 per damage track left, Tough, Blessed and Cursed. 10 or more passes, a miss costs 1 damage.",
        "warlord_next_turn": "Ends the end phase once every poison check is rolled; Cursed states of this game "
        "turn end and every model may activate again.",
        "warlord_set_stats": "A model's card numbers as typed on its card (all of them; `null` stays empty). Any "
        "time, so a typo can be put right (`stats.same` when nothing changes).",
        "warlord_melee_attack": "A combat action of the activated model: its melee attacks (MA after Disabled) at "
        "MAV, +2 against a Shaken `target`; Blessed/Cursed give the die roll +1/-1. Burrowed models fight only "
        "burrowed ones (`melee.burrowed`), flying ones only flying ones (`melee.flying`) unless `swift` (a Flying "
        "model's Swift Attack on the ground); none left after Disabled or on the card (`melee.no_attacks`).",
        "warlord_ranged_attack": "A combat action of the activated model: its ranged attacks (RA after Disabled) "
        "at RAV, +2 against a Shaken `target`, -1 against a Flying one; Blessed/Cursed give the die roll +1/-1. "
        "Refused while Flying (`ranged.flying`) or Burrowed (`ranged.burrowed`), against a Burrowed target "
        "(`ranged.target_burrowed`), with RA 0 on the card (`ranged.none`) or left by Disabled "
        "(`ranged.no_attacks`), and while the card lacks RA or RAV (`stats.unknown`).",
        "warlord_cast_spell": "A combat action of the activated model: a spell at its CP, +2 against a Shaken "
        "`target`. Refused while Burrowed (`spell.burrowed`), for CP 0 (`spell.not_caster`), and at a Burrowed "
        "target when `needs_los` (`spell.target_burrowed`).",
        "warlord_defend": "A model answers the activated enemy's attack: `strike` (defensive strikes: MA, at least "
        "one while Disabled), `shot` (defensive shots: RA likewise; none while Flying or Burrowed) or "
        "`counterspell`. Refused while Stunned (`stunned.no_defence`), with no enemy activated "
        "(`defence.no_attack`) or a 0 on the card (`defence.none`).",
        "warlord_end_game": "At the end of a game turn the players end the game: `winner` is the seat their "
        "scenario makes the winner (null: a draw), `reason` what decided it (optional). Doc 003 says nothing of "
        "how a game is won: this is the app's reading. The game also ends by itself when every model of one "
        "warband is out of action (the other wins). After the end every command is refused (`game.over`).",
        "warlord_concede": "`seat` concedes at any time: the other side wins.",
    }
)
WHEN_OTHER = {
    "assign_arcana": 'during the setup wizard up to "before the game begins" (never after its deployment), or, '
    "in a game set up without the wizard, in round 1 before the first activation",
    **{t: "any time during a game, one attack at a time" for t in ("declare_attack",)},
    **{
        t: "while an attack is being resolved (`state.attack`)"
        for t in ("attack_roll", "damage_roll", "end_attack")
    },
    "resolve_disabled": "while damage application waits (`state.attack` with `pending` models)",
}

# Warlord's own turn (models/rules/warlord/phases.py): activations, then the end phase.
WHEN_OTHER.update(
    {
        "warlord_setup": "only through `GameService.start` (the Warlord new-game page)",
        "warlord_pregame": "in a Warlord game before game turn 1, while it waits on its pre-game screen (phase "
        "`setup`)",
        **{t: "any time during a Warlord game" for t, s in SYSTEM_OF.items()
           if s == "warlord" and TIMING_OF[t] == "anytime"},
        **{t: f"in a Warlord game, {p.label.lower()}" for p in WARLORD_PHASES for s in p.steps for t in s.allows},
    }
)

# A Mordheim-style warband game's Upkeep phase (doc 004): models/rules/warband. Units are named by id ("p1-1" is
# player 1's first unit).
EX.update(
    {
        "warband_setup": {
            "title": "Ruins at dusk",
            "first": 0,
            "treasures": 4,
            "event_tokens": 1,
            "sides": [
                {"player": "Ann", "units": [{"name": "Captain", "hero": True, "morale": 7},
                                            {"name": "Hound", "can_carry": False}]},
                {"player": "Bob", "units": [{"name": "Witch", "caster": True}]},
            ],
        },
        "warband_next": {},
        "warband_condition": {"unit": "p1-1", "condition": "stunned"},
        "warband_incapacitate": {"unit": "p2-1", "by": "p1-1", "engaged": True},
        "warband_drop_treasure": {"unit": "p1-1"},
        "warband_neutrals_gone": {"event": 0},
        "warband_rout_check": {"passed": True, "roll": 5},
        "warband_voluntary_rout": {},
        "warband_pick_up": {"unit": "p1-1", "in_contact": True, "opponent_within_2": False, "under": "event",
                            "event_roll": 14, "event_text": "Ghouls rise from the well", "neutrals": True},
        "warband_start_spell": {"unit": "p2-1", "spell": "Ward"},
        "warband_end_spell": {"unit": "p2-1", "spell": "Ward"},
        "warband_spell_check": {"unit": "p2-1", "spell": "Ward", "passed": False},
        "warband_grab_nearby": {"winner_near": True, "loser_near": True},
        "warband_grab_attempt": {"unit": "p1-1", "passed": True, "roll": 4, "under": "plague",
                                 "plague_passed": True},
    }
)
SAY.update(
    {
        "warband_setup": "Starts a warband game: two warbands (heroes with their Morale, casters, units able to carry "
        "treasure or not), the treasure tokens on the table and, if known, how many hide an event token.",
        "warband_incapacitate": "A unit is incapacitated; `by` names the unit that did it and `engaged` whether it was "
        "engaged with it (then it takes the treasure token the fallen unit carried, if it can).",
        "warband_pick_up": "A unit in contact with a treasure token picks it up (refused if an opposing unit is within "
        "2\", or for a Stunned unit); `under` says what was under it: an event (`event_roll`, `event_text`) or the "
        "Plague (`plague_passed`).",
        "warband_grab_nearby": "In the grab after a rout: whether the winner and the routing warband each have a unit "
        "within 5\" of the token being decided.",
        "warband_grab_attempt": "In the grab after a rout: the chosen unit tries for the token (automatically, or with "
        "a Morale check `passed`); `under` and `plague_passed` when it takes it. A Stunned unit cannot.",
        "warband_start_spell": "A caster's spell is in effect and ongoing from now on (not a Stunned or Dazed caster: "
        "they cannot cast).",
    }
)
WHEN_OTHER.update(
    {
        "warband_setup": "only on an empty game (the new-game page sends it through `GameService.start`)",
        "warband_next": "any time in a warband game until the game is over (not during the treasure grab)",
        **{
            t: "any time in a warband game until the game is over (not during the treasure grab)"
            for t in ("warband_condition", "warband_incapacitate", "warband_drop_treasure", "warband_end_spell",
                      "warband_neutrals_gone")
        },
        "warband_rout_check": "upkeep, Rout step, when a rout check is due",
        "warband_voluntary_rout": "upkeep, Rout step, right after a passed rout check",
        "warband_pick_up": "upkeep, Treasure step",
        "warband_spell_check": "upkeep, Ongoing Spells step",
        "warband_start_spell": "the rest of the turn, after the upkeep",
        **{t: "during the treasure grab after a rout" for t in ("warband_grab_nearby", "warband_grab_attempt")},
    }
)


def when(t):
    if t == "setup":
        return "only through `POST /api/games`"
    if t in WHEN:
        return WHEN[t]
    if t in WHEN_OTHER:
        return WHEN_OTHER[t]
    if TIMING_OF[t] in ("anytime", "game"):
        return "any time during a game"
    places = [f"{p.label.lower()} phase, step “{s.label}”" for p in PHASES for s in p.steps if t in s.allows]
    return "; ".join(places) or "never in the current turn structure"


def typ(ann):
    origin = typing.get_origin(ann)
    args = typing.get_args(ann)
    if origin is typing.Literal:
        return " \\| ".join(json.dumps(a) for a in args)
    if origin in (typing.Union, __import__("types").UnionType):
        rest = [a for a in args if a is not type(None)]
        return " \\| ".join(typ(a) for a in rest) + (" \\| null" if type(None) in args else "")
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return f"list of {typ(args[0])}"
        return "[" + ", ".join(typ(a) for a in args) + "]"
    if origin is dict:
        return f"object of {typ(args[1])}"
    if isinstance(ann, type) and issubclass(ann, BaseModel):
        inner = ", ".join(n + ("" if f.is_required() else "?") for n, f in ann.model_fields.items())
        return f"{ann.__name__} {{{inner}}}" if ann.__name__ != "Card" else "Card object (as in `GET /api/cards`)"
    return {str: "string", int: "integer", bool: "boolean"}.get(ann, getattr(ann, "__name__", str(ann)))


def cons(meta):
    lo = hi = None
    out = []
    for m in meta:
        if isinstance(m, at.Ge):
            lo = m.ge
        elif isinstance(m, at.Le):
            hi = m.le
        elif isinstance(m, at.MinLen):
            out.append(f"min {m.min_length} long")
        elif isinstance(m, at.MaxLen):
            out.append(f"max {m.max_length} long")
    if lo is not None or hi is not None:
        out.insert(0, f"{lo if lo is not None else ''}..{hi if hi is not None else ''}")
    return out


def section(t, cls):
    lines = [f"#### `{t}`", "", SAY.get(t) or (cls.__doc__ or "").strip().split("\n")[0], "", f"When: {when(t)}.", ""]
    fields = [(n, f) for n, f in cls.model_fields.items() if n != "type"]
    if fields:
        lines += ["| field | type | |", "| --- | --- | --- |"]
        for n, f in fields:
            extra = cons(f.metadata)
            extra.append("required" if f.is_required() else f"default `{json.dumps(f.default)}`")
            note = FIELD_NOTES.get((t, n))
            lines.append(f"| `{n}` | {typ(f.annotation)} | {', '.join(extra)}{f': {note}' if note else ''} |")
    else:
        lines.append("No fields.")
    ex = EX.get(t, "MISSING")
    if ex is None:
        data = {
            "type": "setup",
            "title": "Friday game",
            "first": 0,
            "cards": {},
            "sides": [
                {"player": "Ann", "army": [{"card": "agathon"}]},
                {"player": "Bob", "army": [{"card": "princess-regna"}]},
            ],
        }
    elif ex == "MISSING":
        sys.exit(f"no example for {t}: add one to EX in docs/api_commands.py")
    else:
        data = {"type": t, **ex}
    for example in [data] + [{"type": t, **more} for more in MORE_EX.get(t, [])]:
        lines += ["", "```json", json.dumps(example), "```"]
    return "\n".join(lines + [""])


ORDER = [
    "setup",
    "advance",
    "complete_card",
    "mark_damage",
    "apply_attack_damage",
    "add_effect",
    "remove_effect",
    "add_soul_token",
    "leech",
    "sacrifice",
    "allocate",
    "upkeep",
    "drop_upkeep",
    "shake",
    "activate",
    "end_activation",
    "run",
    "reposition",
    "charge",
    "stand_up",
    "power_attack",
    "boost",
    "buy_attack",
    "next_attack",
    "heal",
    "feat",
    "cast",
    "summon",
    "pay_tithe",
    "skip_tithe",
    "choose_scenario",
    "reveal_lists",
    "give_list_pair",
    "choose_from_pair",
    "choose_objectives",
    "roll_priority",
    "choose_order",
    "choose_side",
    "start_clock",
    "add_setup_task",
    "tick_setup_task",
    "finish_setup_step",
    "start_game",
    "pass_clock",
    "pause_clock",
    "resume_clock",
    "adjust_clock",
    "clock_expired",
    "score_turn",
    "assassinated",
    "concede",
    "final_score",
    "scenario_elements",
]


SENDER_WORDS = {"acting": "its own side only", "either": "either seat", "table": "no: the table link only",
                "nobody": "no link: the app sends it itself"}
SENDERS_START = "<!-- senders:start (generated from models.rules.senders.SENDERS) -->"
SENDERS_END = "<!-- senders:end -->"


def senders_table() -> str:
    """Who may send each command, from each system's ``seats.py`` (the table link sends all but "nobody")."""
    rows = ["| command | system | a seat link may send it | for what |", "| --- | --- | --- | --- |"]
    systems = ("warmachine", "warlord", "warband")
    for type_name in sorted(SENDERS, key=lambda t: (systems.index(SYSTEM_OF[t]), t)):
        sender = SENDERS[type_name]
        rows.append(f"| `{type_name}` | {SYSTEM_OF[type_name]} | {sender.shown or SENDER_WORDS[sender.kind]} | "
                    f"{sender.does} |")
    return "\n".join(rows)


def replace_between(text: str, start: str, end: str, body: str) -> str:
    i, j = text.index(start) + len(start), text.index(end)
    return text[:i] + "\n" + body + "\n" + text[j:]


DOC = Path(__file__).with_name("API.md")
COMMANDS_START = "<!-- commands:start (generated from models.rules.core.COMMANDS) -->"
COMMANDS_END = "<!-- commands:end -->"


def commands_section(commands: dict[str, type[BaseModel]]) -> str:
    """Every registered command: what it does, when, its fields and an example."""
    types = [t for t in ORDER if t in commands] + sorted(t for t in commands if t not in ORDER)
    return f"{len(types)} command types are registered (`models.rules.core.COMMANDS`).\n\n" + "\n".join(
        section(t, commands[t]) for t in types
    ).rstrip("\n")


def render(text: str, commands: dict[str, type[BaseModel]] | None = None) -> str:
    """docs/API.md's text with its generated parts (between the markers) made anew; the rest is kept as written."""
    text = replace_between(text, COMMANDS_START, COMMANDS_END, commands_section(commands or dict(COMMANDS)))
    return replace_between(text, SENDERS_START, SENDERS_END, senders_table())


def main() -> None:
    """Rewrites the parts of docs/API.md between the markers."""
    DOC.write_text(render(DOC.read_text(encoding="utf-8")), encoding="utf-8")
    print("documented", len(COMMANDS), "commands")


if __name__ == "__main__":
    main()

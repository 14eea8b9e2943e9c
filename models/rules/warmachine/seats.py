"""Who may send each Warmachine command from a seat link (DESIGN.md "Access"; the kinds: models/rules/senders.py).

A seat acts for its own side: its models' activations, resources and choices. Both seats may record what
involves both sides (an attack's dice, damage and effects put on any model, the setup wizard's shared choices).
Setting a player's time is an organiser's decision: the shared table link only. No side can make the other lose
by a claim: an assassination is claimed by the losing side itself unless its casters are already gone, and a
clock runs out only by the server's own time (ending.py and clock.py refuse the claim otherwise).
"""

from __future__ import annotations

from typing import Any

from models.rules.core import GameState, RuleViolation
from models.rules.senders import SeatsOf, Sender, acting, active_seat, either, named_seat, nobody, table_only
from models.rules.warmachine.ending import casters
from models.rules.warmachine.match import board

BOTH = {0, 1}


def owner(field: str) -> SeatsOf:
    """The side of the model the command names in ``field`` (both for an unknown model: the rules refuse it)."""

    def seats(state: GameState, command: Any) -> set[int]:
        try:
            return {board(state).model(getattr(command, field)).seat}
        except RuleViolation:
            return set(BOTH)

    return seats


def damaged_side(state: GameState, command: Any) -> set[int]:
    """Damage may be marked on any model by either side: at the table the attacking player applies the damage its
    attack deals to the other side's model (doc 002 Appendix A, "Attack Sequence": the attacker's damage roll,
    then all damage is applied), and a player marks what their own models suffer from their own rules (doc 001
    "Leeching"). Moving it elsewhere (transference) is its owner's choice (doc 001 "Damage Transference")."""
    return BOTH if getattr(command, "transfer_to", None) is None else owner("model")(state, command)


def assassinated_side(state: GameState, command: Any) -> set[int]:
    """A side confirms its own caster's loss; the other side may claim it only once no caster of it is in play."""
    return BOTH if not casters(state, command.seat) else {command.seat}


def card_users(state: GameState, command: Any) -> set[int]:
    """The sides with a model of the card being completed (either side for a card no model uses yet)."""
    return {m.seat for m in board(state).models if m.card == command.card.key} or set(BOTH)


def running_clock(state: GameState, _: Any) -> set[int]:
    clock = board(state).clock
    return {clock.running} if clock is not None and clock.running is not None else set(BOTH)


def event_clock(state: GameState, _: Any) -> set[int]:
    """Either seat starts a clock its event fixed (the minutes are not theirs to choose, and the first to tap
    starts it, as at a chess clock); any other clock is set up by the shared table link."""
    pregame = board(state).pregame
    return set(BOTH) if pregame is not None and pregame.clock_minutes is not None else set()


def priority_winner(state: GameState, _: Any) -> set[int]:
    pregame = board(state).pregame
    return {pregame.priority} if pregame is not None and pregame.priority is not None else set(BOTH)


def second_player(state: GameState, _: Any) -> set[int]:
    pregame = board(state).pregame
    return {1 - pregame.first} if pregame is not None and pregame.first is not None else set(BOTH)


SENDERS: dict[str, Sender] = {
    # Game and turn flow
    "setup": nobody("set a game up: a new game is stored from its setup"),
    "advance": acting("move on to the next step of this turn", active_seat),
    "score_turn": acting("score this turn's control points", active_seat),
    "final_score": either("enter the final scenario scoring"),
    "scenario_elements": either("enter the army points in scenario elements"),
    "concede": acting("concede for this side", named_seat),
    "assassinated": acting("record this side's caster as lost", assassinated_side),
    # The deathclock: the running player passes it; the server's time decides when it runs out.
    "start_clock": acting("start the deathclock (a seat may when its event fixed the minutes)", event_clock),
    "pause_clock": table_only("pause the clock (an organiser's decision)"),
    "resume_clock": table_only("restart the clock (an organiser's decision)"),
    "adjust_clock": table_only("set a player's time (an organiser's decision)"),
    "pass_clock": acting("pass the clock", running_clock),
    "clock_expired": either("record that a clock has run out"),
    # The setup wizard, played together before the game
    "choose_scenario": either("choose the scenario"),
    "reveal_lists": either("reveal the lists"),
    "give_list_pair": acting("give this side's pair of lists", named_seat),
    "choose_from_pair": acting("choose this side's list from its pair", named_seat),
    "choose_objectives": either("choose the objectives"),
    "roll_priority": either("roll for priority"),
    "choose_order": acting("choose who goes first", priority_winner),
    "choose_side": acting("choose the table side", second_player),
    "add_setup_task": either("add to the setup checklist"),
    "tick_setup_task": either("tick the setup checklist"),
    "finish_setup_step": either("finish this setup step"),
    "start_game": either("start the game"),
    "assign_arcana": acting("assign this warlock's Arcana cards", owner("warlock")),
    "complete_card": acting("complete this card", card_users),
    # A side's own models and resources
    "activate": acting("activate this model", owner("model")),
    "end_activation": acting("end this model's activation", owner("model")),
    "run": acting("run with this model", owner("model")),
    "stand_up": acting("stand this model up", owner("model")),
    "reposition": acting("reposition this model", owner("model")),
    "charge": acting("charge with this model", owner("model")),
    "boost": acting("boost this model's roll", owner("model")),
    "buy_attack": acting("buy an attack for this model", owner("model")),
    "next_attack": acting("start this model's next attack", owner("model")),
    "power_attack": acting("make this model's power attack", owner("model")),
    "cast": acting("cast this model's spell", owner("model")),
    "shake": acting("shake an effect off this model", owner("model")),
    "add_soul_token": acting("give this model soul tokens", owner("model")),
    "remove_damage": acting("remove damage from this model", owner("model")),
    "resolve_continuous": acting("resolve this model's continuous effect", owner("model")),
    "resolve_disabled": acting("decide for this disabled model", owner("model")),
    "declare_attack": acting("attack with this model", owner("attacker")),
    "feat": acting("use this master's feat", owner("master")),
    "leech": acting("leech for this master", owner("master")),
    "allocate": acting("allocate this master's essence", owner("master")),
    "sacrifice": acting("sacrifice for this master", owner("master")),
    "summon": acting("summon for this master", owner("master")),
    "heal": acting("heal with this master's essence", owner("master")),
    "upkeep": acting("upkeep this master's spell", owner("master")),
    "drop_upkeep": acting("drop this master's upkeep spell", owner("master")),
    "pay_tithe": acting("pay this horror's tithe", owner("horror")),
    "skip_tithe": acting("leave this horror's tithe unpaid", owner("horror")),
    "allocate_focus": acting("allocate this warcaster's focus", owner("warcaster")),
    "skip_power_up": acting("skip this warjack's power up", owner("warjack")),
    "leech_life": acting("leech life for this warlock", owner("warlock")),
    "leech_fury": acting("leech fury for this warlock", owner("warlock")),
    "spirit_bond": acting("use this warlock's spirit bond", owner("warlock")),
    "play_arcana": acting("play this warlock's Arcana card", owner("warlock")),
    "force": acting("force this warbeast", owner("warbeast")),
    "threshold_check": acting("make this warbeast's threshold check", owner("warbeast")),
    "end_frenzy": acting("end this warbeast's frenzy", owner("warbeast")),
    # What one side does to the other's models, and an attack's dice: either side records them
    "mark_damage": acting("move this damage to another model", damaged_side,
                          "either seat, on any model; moving it to another model (`transfer_to`): the owner's only"),
    "add_effect": either("put an effect on a model"),
    "remove_effect": either("take an effect off a model"),
    "attack_roll": either("enter the attack roll"),
    "damage_roll": either("enter the damage roll"),
    "apply_attack_damage": either("apply the attack's damage"),
    "end_attack": either("end the attack"),
}

"""The turn line's and the control-phase guide's words for a Warmachine game: where Next goes and whether it is
shown, the active army's control steps with the current step's hint, and the scoring prompt at the end of a
scenario turn. The table's components draw these; the rules decide the steps, the army's type and the scoring."""

from __future__ import annotations

from dataclasses import dataclass

from models.rules import GameState
from models.rules.warmachine.match import board
from models.rules.warmachine.phases import SETTLES_FROM, army_type, next_stop, step_label, turn_steps
from models.rules.warmachine.scenario import KILLBOX_CP, scoring_now

STEP_HINTS = {
    "replenish": "Each master may refill its essence: sacrifice a friendly model, or leech (1 damage per point).",
    "souls": "Soul tokens on masters turn into essence now.",
    "allocate": "Masters may give essence to horrors of their own battlegroup in control range.",
    "upkeep": "Pay 1 essence per upkeep spell or let it end; masters and horrors may shake effects (1 each).",
    "other": "Resolve any other control-phase effects, then move on to activation.",
}
# The same steps in the words of the active army's type (phases.army_type; doc 002 "Game Round"): a warcaster's
# or a warlock's turn never speaks of essence, soul tokens or horrors.
FOCUS_HINTS = {
    "replenish": "Warcasters have replenished their focus to FOCUS.",
    "power_up": "Each warjack of a warcaster's battlegroup has powered up (1 focus, never above 3). One that was "
                "outside its warcaster's control range does not: Skip power up.",
    "allocate": "Warcasters may give focus to warjacks of their battlegroup in control range (a warjack holds at "
                "most 3). A warjack that was out of control range at power up: Skip power up.",
    "upkeep": "Pay 1 focus per upkeep spell or let it end; shake effects for 1 each.",
    "other": "Resolve any other control-phase effects, then move on to activation.",
}
FURY_HINTS = {
    "replenish": "Warlocks may leech fury from warbeasts of their battlegroup in control range, or from their own "
                 "life (1 damage per point).",
    "spirit_bond": "Each warlock may gain 1 fury for each warbeast of its battlegroup destroyed or removed from "
                   "play, never above its FURY.",
    "upkeep": "Pay 1 fury per upkeep spell or let it end; shake effects for 1 each.",
    "frenzy": "Each warbeast with fury makes a threshold check: 2d6 plus its fury against THR. Above THR it "
              "frenzies: follow its frenzy step by step, then end the frenzy.",
    "other": "Resolve any other control-phase effects, then move on to activation.",
}
# A mixed army: every kind of point at once.
GENERAL_HINTS = {
    "replenish": "Warcasters have replenished their focus to FOCUS. Warlocks may leech fury from warbeasts of "
                 "their battlegroup in control range, or from their own life (1 damage per point). Infernal "
                 "masters sacrifice or leech essence.",
    "spirit_bond": FURY_HINTS["spirit_bond"],
    "power_up": FOCUS_HINTS["power_up"],
    "allocate": "Warcasters may give focus to warjacks of their battlegroup in control range (a warjack holds at "
                "most 3); masters may give essence to horrors.",
    "upkeep": "Pay 1 point (essence, focus or fury) per upkeep spell or let it end; shake effects for 1 each.",
    "frenzy": FURY_HINTS["frenzy"],
    "other": STEP_HINTS["other"],
}
HINTS = {"essence": STEP_HINTS, "focus": FOCUS_HINTS, "fury": FURY_HINTS, "general": GENERAL_HINTS}


def control_steps(state: GameState) -> tuple[tuple[str, str], ...]:
    """(key, words) of the control steps of the active player's turn (only those its army needs)."""
    return tuple((s.key, step_label(state, s)) for p, s in turn_steps(state) if p.key == "control")


def control_hint(state: GameState) -> str:
    """The current step's hint in the active army's words."""
    return HINTS[army_type(state)].get(state.step, "")


def next_label(state: GameState) -> str:
    """Where the Next button goes: the next step of the active player's turn with something to decide (the
    rules pass the others), in its army's words, or the hand-over at the end of the turn."""
    if state.phase not in {p.key for p, _ in turn_steps(state)}:
        return "Next"
    stop = next_stop(state)
    if stop is None:
        return f"End turn: hand over to {state.player_name(1 - state.active)}"
    phase, step = stop
    words = step_label(state, step)
    return f"Next: {phase.label} · {words}" if phase.key != state.phase else f"Next: {words}"


def next_shown(state: GameState) -> bool:
    """Whether Next is on the turn line: not before or after the game, nor while the turn ends by scoring."""
    return state.phase not in ("setup", "over") and not scoring_now(state)


def tithe_after(state: GameState) -> str:
    """What follows the tithe prompt once every horror is decided: the other player's turn (the last decision
    hands it over), or "" when the turn ends by scoring or a game of an older turn flow waits for Next."""
    if board(state).turn_flow < SETTLES_FROM or scoring_now(state):
        return ""
    return f"Once every horror is decided, the turn passes to {state.player_name(1 - state.active)}."


@dataclass(frozen=True)
class ScorePrompt:
    """The scoring prompt's words; ``killbox`` is the kill-box question (None before round 2)."""

    heading: str
    killbox: str | None
    button: str


def score_prompt(state: GameState) -> ScorePrompt | None:
    """What the end of a scenario turn asks (None: the turn does not end by scoring)."""
    if not scoring_now(state):
        return None
    s = state.active
    me, other = state.player_name(s), state.player_name(1 - s)
    killbox = (f"{me}'s caster ends the turn completely within 12\" of {me}'s own table edge "
               f"(kill box: {other} scores {KILLBOX_CP})") if state.round >= 2 else None
    return ScorePrompt(f"End of {me}'s turn: score the scenario.", killbox, f"Score and hand over to {other}")


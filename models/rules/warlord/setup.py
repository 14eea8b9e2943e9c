"""Starting a Warlord game: a title, two players and each player's warband, every model with its damage
tracks (DT), its card numbers (card.py) and the special abilities doc 003 reads (Tough N, Construct, Undead,
Non-Corporeal, Fearless, Mindless). The game opens on game turn 1, with no model activated; or, when the setup
asks for the pre-game screen and card numbers are still empty, before it (pregame.py)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from models.catalog.schema import Frozen
from models.rules.core import Command, Event, GameState, Player, RuleViolation, handles
from models.rules.steps import SETUP
from models.rules.text import clean_text
from models.rules.warlord.card import missing_numbers
from models.rules.warlord.phases import PHASES
from models.rules.warlord.state import SYSTEM, Ability, Figure, Stats, WarlordBoard

TITLE_MAX = 60
MODEL_NAME_MAX = 40
MAX_TRACKS = 20
MAX_TOUGH = 10
MAX_MODELS = 40


class ModelEntry(Frozen):
    """One model of a warband as the player enters it."""

    name: str
    tracks: int = Field(ge=1, le=MAX_TRACKS)
    tough: int = Field(default=0, ge=0, le=MAX_TOUGH)
    abilities: tuple[Ability, ...] = ()
    # The card numbers as typed (empty ones asked before the game starts); None: not kept (older games, API).
    stats: Stats | None = None


class Warband(Frozen):
    """One player and their warband."""

    player: str
    models: tuple[ModelEntry, ...] = Field(max_length=MAX_MODELS)


class WarlordSetup(Command):
    """Sets up a Warlord game (sent for you by the new-game page; as a command on a game it is refused).
    ``pregame``: a game whose cards still have empty numbers opens on the pre-game screen, where they are typed
    in one form before game turn 1 begins (the new-game page asks for it; without it the first activation asks)."""

    type: Literal["warlord_setup"] = "warlord_setup"
    title: str
    sides: tuple[Warband, Warband]
    pregame: bool = False


@handles(WarlordSetup, system=SYSTEM, timing="setup")
def setup(state: GameState, cmd: WarlordSetup) -> tuple[GameState, list[Event]]:
    title = clean_text(cmd.title, "game title", TITLE_MAX)
    players = tuple(Player(seat=s, name=clean_text(side.player, f"name of player {s + 1}", TITLE_MAX))
                    for s, side in enumerate(cmd.sides))
    figures: list[Figure] = []
    seen: dict[str, int] = {}
    for seat, side in enumerate(cmd.sides):
        if not side.models:
            raise RuleViolation("setup.no_models", f"{players[seat].name}'s warband needs at least one model.")
        for number, entry in enumerate(side.models, start=1):
            name = clean_text(entry.name, f"name of a model of {players[seat].name}", MODEL_NAME_MAX)
            seen[name] = seen.get(name, 0) + 1
            shown = name if seen[name] == 1 else f"{name} {seen[name]}"
            figures.append(Figure(id=f"p{seat + 1}-{number}", name=shown, seat=seat, tracks=entry.tracks,
                                  tough=entry.tough, abilities=tuple(sorted(set(entry.abilities))),
                                  stats=entry.stats))
    state = GameState(system=SYSTEM, title=title, players=players, round=1, phase=PHASES[0].key,
                      board=WarlordBoard(figures=tuple(figures)))
    opened = Event(kind="game.setup", text=f"{title}: {players[0].name} against {players[1].name}.")
    if cmd.pregame and missing_numbers(state):
        return state.model_copy(update={"phase": SETUP}), [opened, Event(
            kind="warlord.pregame", text="Before game turn 1, the players type the card numbers still empty.")]
    return state, [opened, Event(kind="warlord.turn", text="Game turn 1 begins.")]

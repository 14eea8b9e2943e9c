"""Steamroller 2019's list pairs in the setup wizard (doc 002 "Game Setup": the players view each other's lists,
each secretly chooses one of their own, and both choices are revealed together).

In a game set up with ``SetupGame(pairs=True)`` the wizard's lists step is this module's: each player gives two
lists, each checked as any army is (setup.check_army, its theme force included); once both pairs are given,
each player chooses one; once both have chosen, the chosen lists become the armies, each player keeps the
chosen list's theme force, and the wizard moves on to the objectives. The events and the pages keep a pair
sealed until both are given and a choice sealed until both are made; the state holds what was given, and
:func:`sealed` is what a reader may know of it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from models.catalog.schema import Card
from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.warmachine.match import ModelState, PairedList, Pregame, board, with_board
from models.rules.warmachine.pregame import arcana_tasks, next_step, require_step, text_answer
from models.rules.warmachine.setup import check_army, place_army
from models.rules.warmachine.state import SYSTEM
from models.rules.warmachine.themes import find_theme

Pair = tuple[PairedList, PairedList]


class GiveListPair(Command):
    """A player's two lists; ``cards``: the cards they use (the service fills them in from the catalog)."""

    type: Literal["give_list_pair"] = "give_list_pair"
    seat: int = Field(ge=0, le=1)
    lists: tuple[PairedList, PairedList]
    cards: dict[str, Card] = {}


class ChooseFromPair(Command):
    """Which of their two lists (0: the first given, 1: the second) a player plays."""

    type: Literal["choose_from_pair"] = "choose_from_pair"
    seat: int = Field(ge=0, le=1)
    index: int = Field(ge=0, le=1)


def _paired(state: GameState) -> Pregame:
    pre = require_step(state, "lists")
    if not pre.paired:
        raise RuleViolation("pairs.not_paired", "This game was set up without list pairs: reveal the lists instead.")
    return pre


def pair_names(pair: Pair) -> str:
    return f"{pair[0].name} or {pair[1].name}"


@handles(GiveListPair, system=SYSTEM, timing="pregame")
def give_list_pair(state: GameState, cmd: GiveListPair) -> tuple[GameState, list[Event]]:
    """Each list of the pair is a legal army in its theme force; the pair is kept sealed until both are given."""
    pre = _paired(state)
    who = state.player_name(cmd.seat)
    if pre.pairs[cmd.seat] is not None:
        raise RuleViolation("pairs.given", f"{who} has given a pair of lists already.")
    cards = {**cmd.cards, **pre.pair_cards}  # a card another list brought first stays as it came
    lists: list[PairedList] = []
    for given in cmd.lists:
        name = text_answer(given.name, "list's name")
        player = state.players[cmd.seat].model_copy(update={"theme": find_theme(given.theme)})
        check_army(player, given.army, cards)
        lists.append(given.model_copy(update={"name": name}))
    if lists[0].name.casefold() == lists[1].name.casefold():
        raise RuleViolation("pairs.same_name", "Give the two lists different names, so that the choice is clear.")
    pair: Pair = (lists[0], lists[1])
    pairs = (pair, pre.pairs[1]) if cmd.seat == 0 else (pre.pairs[0], pair)
    used = {e.card: cards[e.card] for lst in pair for e in lst.army}
    pre = pre.model_copy(update={"pairs": pairs, "pair_cards": {**pre.pair_cards, **used}})
    events = [Event(kind="pairs.given", data={"seat": cmd.seat},
                    text=f"{who} has given a pair of lists (sealed until both players have).")]
    if pairs[0] is not None and pairs[1] is not None:
        said = "; ".join(f"{state.player_name(s)}: {pair_names(p)}" for s, p in enumerate((pairs[0], pairs[1])))
        events.append(Event(kind="pairs.shown", data={"lists": [[x.name for x in p] for p in (pairs[0], pairs[1])]},
                            text=f"Both pairs are shown: {said}. Each player now chooses one in secret."))
    return with_board(state, pregame=pre), events


@handles(ChooseFromPair, system=SYSTEM, timing="pregame")
def choose_from_pair(state: GameState, cmd: ChooseFromPair) -> tuple[GameState, list[Event]]:
    """A choice is made after both pairs are shown and kept sealed until the other player has chosen too."""
    pre = _paired(state)
    who = state.player_name(cmd.seat)
    if pre.pairs[0] is None or pre.pairs[1] is None:
        raise RuleViolation("pairs.waiting", "Both players give their pair of lists first; then each chooses.")
    if pre.picks[cmd.seat] is not None:
        raise RuleViolation("pairs.chosen", f"{who} has chosen a list already.")
    picks = (cmd.index, pre.picks[1]) if cmd.seat == 0 else (pre.picks[0], cmd.index)
    state = with_board(state, pregame=pre.model_copy(update={"picks": picks}))
    chosen = Event(kind="pairs.chosen", data={"seat": cmd.seat},
                   text=f"{who} has chosen a list (sealed until both players have).")
    if picks[0] is None or picks[1] is None:
        return state, [chosen]
    state, events = _reveal(state, (pre.pairs[0][picks[0]], pre.pairs[1][picks[1]]))
    return state, [chosen, *events]


def _reveal(state: GameState, chosen: Pair) -> tuple[GameState, list[Event]]:
    """The chosen lists become the armies (every model in play as at setup) and each player their theme."""
    pre = board(state).pregame
    assert pre is not None
    players = tuple(p.model_copy(update={"theme": find_theme(chosen[p.seat].theme)}) for p in state.players)
    models: list[ModelState] = []
    for player in players:
        models += place_army(player, chosen[player.seat].army, pre.pair_cards, models)
    cards = {**board(state).cards, **{m.card: pre.pair_cards[m.card] for m in models}}
    state = with_board(state.model_copy(update={"players": players}), models=tuple(models), cards=cards,
                       listed=tuple(m.id for m in models))
    state = with_board(state, pregame=pre.model_copy(update={"before": arcana_tasks(state, pre.before)}))
    names = (chosen[0].name, chosen[1].name)
    said = "; ".join(f"{state.player_name(s)} plays {names[s]}" for s in (0, 1))
    state, events = next_step(state, lists=names)
    return state, [Event(kind="pregame.lists", data={"lists": list(names)}, text=f"Lists revealed: {said}."),
                   *events]


def sealed(state: GameState, seat: int | None) -> GameState:
    """The state as a reader on ``seat`` (None: a spectator) may know it: the other side's pair until both are
    given, its choice until both are made (doc 002 "Game Setup": chosen in secret, revealed together). The
    reader's own side is never hidden from it."""
    pre = board(state).pregame
    if pre is None or not pre.paired:
        return state
    hide_pairs = pre.pairs[0] is None or pre.pairs[1] is None
    hide_picks = pre.picks[0] is None or pre.picks[1] is None
    pairs, picks = list(pre.pairs), list(pre.picks)
    for other in (0, 1):
        if other == seat:
            continue
        if hide_pairs:
            pairs[other] = None
        if hide_picks:
            picks[other] = None
    if pairs == list(pre.pairs) and picks == list(pre.picks):
        return state
    shown = {e.card for p in pairs if p is not None for lst in p for e in lst.army}
    pre = pre.model_copy(update={"pairs": tuple(pairs), "picks": tuple(picks),
                                 "pair_cards": {k: v for k, v in pre.pair_cards.items() if k in shown}})
    return with_board(state, pregame=pre)


"""The turn line shows one version at a time (webapp/components/warmachine/turn_bar.py): every update the browser
receives stamps the line with the version it shows (``data-version``), and Next never takes taps while the rules hold
the turn at that version, nor beside a decision drawn on the line (a tithe, fire); the hold's reason is its title.
The walk meets each hold of doc 001 "The Infernal Turn" and doc 002 "Damage Application": a damage pause, the tithe,
fire at the continuous-effects step and an upkeep spell. A tap on Next while the turn is held is refused at once with
the hold's reason, and nothing is applied later.

What the browser holds is rebuilt from what the page sends (NiceGUI's outbox), message by message, so the checks
read every state a person could see, not only the last one.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import Any

import pytest
from nicegui import ui
from nicegui.outbox import Outbox
from nicegui.testing import User
from nicegui.testing.user_interaction import UserInteraction

from models.catalog import shipped_cards
from models.rules import Command, GameState
from models.rules.warband.phases import Next as WarbandNext
from models.rules.warlord.end_phase import WarlordEndTurn
from models.rules.warmachine import turn_options
from models.rules.warmachine.activation import Activate
from models.rules.warmachine.attacks import ResolveDisabled
from models.rules.warmachine.builders import setup_game
from models.rules.warmachine.damage import MarkDamage
from models.rules.warmachine.setup import ArmyEntry
from models.rules.warmachine.shake import AddEffect
from models.rules.warmachine.spells import CastSpell, DropUpkeep
from models.service import Actor, Created, Outcome
from tests.rules.warband.game import setup_command as warband_setup
from tests.rules.warlord.game import setup_command as warlord_setup
from tests.webapp.helpers import (
    ARMY_1,
    ARMY_2,
    eventually,
    find,
    next_button,
    region,
    see,
    service,
    table_url,
    version,
)

TOUGH = "guardian-of-souls-with-tough"
AGATHON, GUARDIAN = "p1-agathon", f"p1-{TOUGH}"
SPELL = "Arcane Shield"
# Decisions drawn on the turn line itself: while one shows, Next must not take taps.
ON_THE_LINE = re.compile(r"^(Pay tithe for |Let .+ go$|(Fire|Corrosion) (expires|stays): )")
HOLDS = {"damage": "Damage is being applied", "tithe": "Decide the tithe first",
         "fire": "Resolve each continuous effect", "upkeep": "Decide the upkeep first"}


class Screen:
    """The page as the browser holds it: the element tree when the test starts watching, then each update the
    outbox sends, applied in order. ``check`` runs after every message and notes what breaks the rule."""

    def __init__(self, user: User, states: dict[int, GameState]) -> None:
        self.client_id = user.client.id
        self.states = states
        self.tree = {i: copy.deepcopy(e._to_dict()) for i, e in user.client.elements.items()}  # noqa: SLF001
        self.problems: list[str] = []
        self.holds: set[str] = set()  # the reasons Next was held for, as seen

    def apply(self, data: dict[Any, Any]) -> None:
        for key, element in data.items():
            if key == "_id":
                continue
            if element is None:
                self.tree.pop(int(key), None)
            else:
                self.tree[int(key)] = copy.deepcopy(element)
        self.check()

    def shown(self, root: dict[str, Any]) -> list[dict[str, Any]]:
        """``root`` and what it holds, leaving out what is hidden."""
        if "hidden" in root.get("class", []):
            return []
        out = [root]
        for child in root.get("children", []):
            if child in self.tree:
                out += self.shown(self.tree[child])
        return out

    def check(self) -> None:
        found = [e for e in self.tree.values()
                 if e["tag"] == "section" and e.get("props", {}).get("aria-label") == "Turn"]
        if not found:
            return
        line = found[0]
        at = int(line["props"]["data-version"])
        state = self.states.get(at)
        if state is None:
            self.problems.append(f"version {at}: the turn line shows a version no command made")
            return
        hold = turn_options(state)["advance"].reason or None
        shown = self.shown(line)
        decisions = [name for e in shown if ON_THE_LINE.match(name := str(e.get("props", {}).get("aria-label") or ""))]
        for button in (e for e in shown if "tk-next" in e.get("class", [])):
            props = button.get("props", {})
            greyed = props.get("aria-disabled") == "true"
            takes_taps = not greyed and not props.get("disable")
            if takes_taps and (hold or decisions):
                self.problems.append(f"version {at}: Next takes taps while held ({hold}; {decisions})")
            if greyed != bool(hold):
                self.problems.append(f"version {at}: Next {'greyed' if greyed else 'plain'}, the rules say {hold}")
            if hold and props.get("title") != hold:
                self.problems.append(f"version {at}: Next says {props.get('title')!r}, the rules {hold!r}")
            if hold:
                self.holds.add(hold)


@pytest.fixture
def game(user: User) -> Created:
    """The standard game, with Tough on the Guardian's card (test data): damage application waits for the players
    only where a rule in play acts on a disabled model, and the walk needs that pause."""
    guardian = shipped_cards()["guardian-of-souls"]
    tough = guardian.model_copy(update={"key": TOUGH, "card_id": None, "rules": (*guardian.rules, "Tough")})
    army = [ArmyEntry(card=TOUGH, battlegroup_of=0) if e.card == guardian.key else e for e in ARMY_1]
    return service().start(setup_game("Friday game", [("Ann", army), ("Bob", ARMY_2)],
                                      cards={**service().cards(), TOUGH: tough}))


@pytest.fixture
def watched(user: User, game: Created, monkeypatch: pytest.MonkeyPatch) -> Callable[[], Screen]:
    """Every state the service makes is kept by version; ``watched()`` (after the page is open) starts a Screen
    that sees each update message the page sends."""
    svc = service()
    states = {version(game): svc.state(game.game_id)[1]}
    execute = svc.execute

    def keeping(*args: Any, **kwargs: Any) -> Outcome:
        outcome = execute(*args, **kwargs)
        states[outcome.version] = outcome.state
        return outcome

    monkeypatch.setattr(svc, "execute", keeping)
    screens: list[Screen] = []
    emit = Outbox._emit  # noqa: SLF001

    def seen(outbox: Outbox, message: Any) -> Any:
        client_id, kind, data = message
        for screen in screens:
            if kind == "update" and client_id == screen.client_id:
                screen.apply(data)  # now, as the outbox builds the message: later changes are later messages
        return emit(outbox, message)

    monkeypatch.setattr(Outbox, "_emit", seen)

    def start() -> Screen:
        screen = Screen(user, states)
        screen.check()
        screens.append(screen)
        return screen

    return start


def send(game: Created, command: Command) -> None:
    """Another device's tap (the table link on a second tablet)."""
    service().execute(game.game_id, command, version(game), Actor("table"))


def line_version(user: User) -> int:
    return int(region(user, "Turn").props["data-version"])


async def shows_version(user: User, at: int) -> None:
    await eventually(lambda: line_version(user) == at, f"the turn line at version {at}")


async def tap(user: User, name: str | Callable[[str], bool]) -> None:
    """Tap a button once it takes taps, and wait for the turn line to show the version the tap made."""
    before = version_now = line_version(user)
    await eventually(lambda: find(user, name, ui.button).enabled, f"{name} to take taps")
    UserInteraction(user, {find(user, name, ui.button)}, None).click()
    await eventually(lambda: line_version(user) != version_now, f"{name} to be applied")
    assert line_version(user) > before


async def tap_next(user: User) -> None:
    await tap(user, lambda n: n.startswith(("Next", "End turn")))


async def refused_while_held(user: User, game: Created, reason: str) -> None:
    """Next is greyed with ``reason``; a tap on it (once it is no longer busy with the last tap, as a finger
    finds it) says so at once and sends nothing."""
    await eventually(lambda: next_button(user).enabled, "Next to take taps")
    button = next_button(user)
    assert button.props.get("aria-disabled") == "true" and button.props.get("title") == reason
    before = version(game)
    UserInteraction(user, {button}, None).click()
    await see(user, reason)
    assert version(game) == before


async def next_until(user: User, words: str) -> None:
    """Tap Next until the turn line says ``words``; a tithe on the way (Bob's horror) is paid."""
    for _ in range(20):
        if any(words in t for t in (getattr(e, "text", "") for e in region(user, "Turn").descendants())):
            return
        tithe = [b for b in region(user, "Turn").descendants()
                 if isinstance(b, ui.button) and str(b.props.get("aria-label", "")).startswith("Pay tithe for ")]
        await tap(user, str(tithe[0].props["aria-label"])) if tithe else await tap_next(user)
    raise AssertionError(f"the turn line never said {words!r}")


async def test_next_never_takes_taps_beside_a_decision_of_the_version_shown(
        user: User, game: Created, watched: Callable[[], Screen]) -> None:
    """A damage pause, the tithe, fire and an upkeep spell each hold the turn: at every update the browser gets,
    Next takes taps exactly when the rules of the version shown let the turn move on, and says why not."""
    await user.open(table_url(game))
    screen = watched()

    # Ann's activation: Agathon keeps an upkeep spell and catches fire (on another tablet).
    await next_until(user, "Activation: ")
    for command in (Activate(model=AGATHON), CastSpell(model=AGATHON, spell=SPELL, cost=2, upkeep=True),
                    AddEffect(model=AGATHON, effect="fire")):
        send(game, command)
    await shows_version(user, version(game))

    # doc 002 "Damage Application": every box of the Guardian marked; it waits, disabled, then boxed.
    send(game, MarkDamage(model=GUARDIAN, amount=56))
    await shows_version(user, version(game))
    await refused_while_held(user, game, next_button(user).props["title"])
    send(game, ResolveDisabled(model=GUARDIAN))
    send(game, ResolveDisabled(model=GUARDIAN, stage="boxed"))
    await shows_version(user, version(game))

    # The end of Ann's turn: her tithe, paid on the turn line after a refused tap on Next.
    await next_until(user, "Tithe: each horror pays 1 essence to stay")
    held = next_button(user).props["title"]
    await refused_while_held(user, game, held)
    before = version(game)
    await tap(user, lambda n: n.startswith("Pay tithe for "))
    assert version(game) == before + 1  # the refused Next was not kept for later

    # Round 2: fire at the continuous-effects step, then the upkeep spell.
    await next_until(user, "Maintenance: Continuous effects")
    await refused_while_held(user, game, next_button(user).props["title"])
    await tap(user, "Fire expires: Agathon")
    await next_until(user, "Control: Upkeep spells")
    await refused_while_held(user, game, next_button(user).props["title"])
    send(game, DropUpkeep(master=AGATHON, spell=SPELL))
    await shows_version(user, version(game))
    await next_until(user, "Activation: ")

    assert screen.problems == []
    for hold, words in HOLDS.items():
        assert any(h.startswith(words) for h in screen.holds), f"the walk never met the {hold} hold: {screen.holds}"


async def test_the_check_sees_a_next_that_takes_taps_on_a_held_turn(
        user: User, game: Created, watched: Callable[[], Screen]) -> None:
    """Positive control: a screen where Next takes taps at a version whose rules hold the turn is reported."""
    await user.open(table_url(game))
    send(game, MarkDamage(model=GUARDIAN, amount=56))
    await shows_version(user, version(game))
    screen = watched()
    assert screen.problems == []
    button = next(e for e in screen.tree.values() if "tk-next" in e.get("class", []))
    button["props"].pop("aria-disabled")
    screen.check()
    assert any("Next takes taps while held" in p for p in screen.problems), screen.problems


@pytest.mark.parametrize("system", ["warband", "warlord"])
async def test_every_game_systems_turn_line_shows_its_version(user: User, system: str) -> None:
    """The Warband and Warlord turn lines carry the version they show too, and follow another device's change."""
    setup = warband_setup if system == "warband" else warlord_setup
    made = service().start(setup())
    await user.open(table_url(made))
    await shows_version(user, version(made))
    send(made, WarbandNext() if system == "warband" else WarlordEndTurn())
    await shows_version(user, version(made))

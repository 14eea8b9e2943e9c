"""Who may send what, declared once (DESIGN.md "Access").

Every registered command of every game system is sent through ``GameService.execute`` with each kind of link, for
each side it can name, from the same state (an accepted one is undone), and what the service lets through is
compared with the systems' ``seats.py`` tables. A
refusal by the rules (or a command the walk leaves incomplete) counts as "let through": only ``Forbidden`` is
access control. Then the holes testers found, one test each.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from models.rules import Command, GameState, RuleViolation, apply
from models.rules.core import COMMANDS, SYSTEM_OF
from models.rules.senders import SENDERS, allowed_seats
from models.rules.warband.rout import VoluntaryRout
from models.rules.warmachine.builders import setup_game
from models.rules.warmachine.clock import AdjustClock, ClockExpired, PauseClock, ResumeClock, StartClock
from models.rules.warmachine.ending import Assassinated, Concede
from models.rules.warmachine.match import board, with_models
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.setup import ArmyEntry
from models.service import Actor, Forbidden, GameService
from models.service import games as games_module
from models.service.access import WATCH_ONLY, send_refusal
from tests.rules.warband.game import setup_command as warband_setup
from tests.rules.warlord.game import setup_command as warlord_setup

REPO_ROOT = Path(__file__).resolve().parents[2]
TABLE, WATCH = Actor(role="table"), Actor(role="watch")
SEAT_1, SEAT_2 = Actor(role="seat", seat=0), Actor(role="seat", seat=1)
LINKS = (TABLE, SEAT_1, SEAT_2, WATCH)
ARMIES = [("Ann", [ArmyEntry(card="agathon"), ArmyEntry(card="guardian-of-souls", battlegroup_of=0)]),
          ("Bob", [ArmyEntry(card="princess-regna"), ArmyEntry(card="foreboder", battlegroup_of=0)])]
# The fields through which a command names a side, and what names side 1 and side 2 in each system's test game.
SIDE_FIELDS = {
    "warmachine": {"model": ("p1-agathon", "p2-princess-regna"), "seat": (0, 1)},
    "warlord": {"model": ("p1-1", "p2-1"), "seat": (0, 1)},
    "warband": {"unit": ("p1-1", "p2-1")},
}
MODEL_FIELDS = ("master", "horror", "warcaster", "warjack", "warlock", "warbeast", "attacker")


@pytest.fixture
def service(new_service: Callable[[], GameService]) -> GameService:
    return new_service()


def start(service: GameService, system: str) -> str:
    if system == "warmachine":
        return service.start(setup_game("Seats", ARMIES)).game_id
    return service.start(warlord_setup() if system == "warlord" else warband_setup()).game_id


def variants(state: GameState, type_name: str) -> Iterator[Command]:
    """The command once per side it can name (a plain one when it names none), with only those fields filled."""
    cls = COMMANDS[type_name]
    samples = dict(SIDE_FIELDS[state.system])
    for field in MODEL_FIELDS:
        samples[field] = samples.get("model", ("", ""))
    if type_name == "complete_card":  # the card whose models' side completes it
        samples["card"] = tuple(board(state).cards[board(state).model(m).card] for m in samples["model"])
    named = [f for f in cls.model_fields if f in samples]
    if not named:
        yield cls.model_construct()
        return
    for side in (0, 1):
        yield cls.model_construct(**{f: samples[f][side] for f in named})


def lets_through(service: GameService, game_id: str, command: Command, actor: Actor) -> bool:
    """Whether the service lets ``actor`` send ``command``; an accepted command is undone at once, so every try
    starts from the same state."""
    version = service.state(game_id)[0]
    try:
        service.execute(game_id, command, version, actor)
    except Forbidden:
        return False
    except Exception:  # noqa: BLE001 - refused by the rules, or incomplete: past access control either way
        return True
    service.undo(game_id, version + 1, TABLE)
    return True


def declared(state: GameState, command: Command, actor: Actor) -> bool:
    """What the table says this link may send."""
    if actor.role == "watch":
        return False
    if actor.role == "table":
        return SENDERS[command.type].kind != "nobody"
    return actor.seat in allowed_seats(state, command)


def walk(service: GameService) -> list[str]:
    """Every command of every system with every link: where the service and the table disagree."""
    mismatches = []
    for system in ("warmachine", "warlord", "warband"):
        game_id = start(service, system)
        for type_name in sorted(t for t, s in SYSTEM_OF.items() if s == system):
            state = service.state(game_id)[1]
            for command in variants(state, type_name):
                for actor in LINKS:
                    expected = declared(state, command, actor)
                    if lets_through(service, game_id, command, actor) != expected:
                        mismatches.append(f"{system} {command!r} from {actor.label}: declared {expected}")
    return mismatches


def test_every_command_of_every_system_declares_who_may_send_it() -> None:
    assert sorted(set(COMMANDS) - set(SENDERS)) == []
    assert sorted(set(SENDERS) - set(COMMANDS)) == []


def test_the_api_doc_shows_the_table_as_declared() -> None:
    spec = importlib.util.spec_from_file_location("api_commands", REPO_ROOT / "docs" / "api_commands.py")
    assert spec is not None and spec.loader is not None
    generator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generator)
    doc = (REPO_ROOT / "docs" / "API.md").read_text(encoding="utf-8")
    table = generator.senders_table()
    assert f"{generator.SENDERS_START}\n{table}\n{generator.SENDERS_END}" in doc, "run `make docs`"
    assert table.count("\n| `") == len(COMMANDS)


def test_every_link_sends_exactly_what_the_table_allows(service: GameService) -> None:
    assert walk(service) == []


def test_the_walk_catches_a_seat_link_allowed_more_than_the_table(service: GameService,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Positive control: with the old "a seat acts for its own models" check, the walk finds the holes."""

    def permissive(actor: Actor, state: GameState, command: Command) -> None:
        model = getattr(command, "model", None) if state.system == "warmachine" else None
        if actor.role == "seat" and model is not None and board(state).model(model).seat != actor.seat:
            raise Forbidden("seat")

    monkeypatch.setattr(games_module, "check_can_send", permissive)
    found = "\n".join(walk(service))
    for hole in ("adjust_clock", "pause_clock", "assassinated", "warlord_activate", "warlord_concede",
                 "warband_voluntary_rout", "warband_pick_up"):
        assert hole in found


# -- the holes testers found --------------------------------------------------------------------------------

def run(service: GameService, game_id: str, command: Command | dict[str, Any], actor: Actor = TABLE) -> GameState:
    return service.execute(game_id, command, service.state(game_id)[0], actor).state


def test_a_seat_link_cannot_pause_adjust_or_restart_the_clock(service: GameService) -> None:
    """Setting a player's time is a judge's power: seat 2 tried pause, adjust, resume, expire."""
    game_id = start(service, "warmachine")
    run(service, game_id, StartClock(minutes_per_player=60))
    for command in (PauseClock(), AdjustClock(seat=0, remaining_ms=1000), ResumeClock()):
        with pytest.raises(Forbidden, match="Only the shared table link can"):
            run(service, game_id, command, SEAT_2)
    state = run(service, game_id, PauseClock())  # positive control: the table link may
    assert board(state).clock is not None and board(state).clock.paused


def test_a_clock_runs_out_only_by_the_servers_time(service: GameService) -> None:
    game_id = start(service, "warmachine")
    run(service, game_id, StartClock(minutes_per_player=60))
    with pytest.raises(Exception, match="still has") as refusal:
        run(service, game_id, ClockExpired(seat=0), SEAT_2)
    assert getattr(refusal.value, "code", "") == "clock.not_expired"
    assert board(service.state(game_id)[1]).result is None


def test_the_opponent_cannot_claim_an_assassination_while_the_caster_is_in_play(service: GameService) -> None:
    game_id = start(service, "warmachine")
    with pytest.raises(Forbidden, match="Only Ann or the shared table link can record this side's caster as lost"):
        run(service, game_id, Assassinated(seat=0), SEAT_2)
    assert board(service.state(game_id)[1]).result is None
    state = run(service, game_id, Assassinated(seat=0), SEAT_1)  # a side confirms its own loss
    assert board(state).result is not None and board(state).result.winner == 1


def test_the_opponent_may_record_an_assassination_once_the_caster_is_gone(service: GameService) -> None:
    game_id = start(service, "warmachine")
    gone = service.state(game_id)[1]
    state = with_models(gone, board(gone).model("p1-agathon").model_copy(update={"status": "destroyed"}))
    assert allowed_seats(state, Assassinated(seat=0)) == {0, 1}


def test_a_side_concedes_only_for_itself(service: GameService) -> None:
    game_id = start(service, "warmachine")
    with pytest.raises(Forbidden, match="Only Bob or the shared table link can concede"):
        run(service, game_id, Concede(seat=1), SEAT_1)
    assert board(run(service, game_id, Concede(seat=0), SEAT_1)).result.winner == 1  # type: ignore[union-attr]


def test_a_warband_seat_cannot_rout_the_other_warband(service: GameService) -> None:
    game_id = start(service, "warband")
    assert service.state(game_id)[1].active == 0
    with pytest.raises(Forbidden, match="Only Ann or the shared table link can rout this warband"):
        run(service, game_id, VoluntaryRout(), SEAT_2)


def test_the_setup_of_a_game_is_never_sent_into_a_game(service: GameService) -> None:
    game_id = start(service, "warlord")
    for actor in (TABLE, SEAT_1):
        with pytest.raises(Forbidden, match="Nobody sends that"):
            run(service, game_id, warlord_setup(), actor)


def test_a_rules_refusal_is_not_mistaken_for_access_control(service: GameService) -> None:
    """The walk's own control: an unknown model is the rules' refusal for every link, never Forbidden."""
    game_id = start(service, "warmachine")
    state = service.state(game_id)[1]
    command = COMMANDS["activate"].model_construct(model="nobody-here")
    with pytest.raises(RuleViolation):
        apply(state, command)
    assert all(lets_through(service, game_id, command, actor) for actor in (TABLE, SEAT_1, SEAT_2))


def test_the_pages_ask_the_answer_the_service_enforces(service: GameService) -> None:
    """A page greys what its link may not send with ``send_refusal``, the same function the service enforces
    (models/service/access.py): for every command, side and link it agrees with the systems' tables, and every
    refusal says who can. Positive control: a watch link, and seat 2 ending seat 1's turn, are refused."""
    for system in ("warmachine", "warlord", "warband"):
        state = service.state(start(service, system))[1]
        for type_name in sorted(t for t, s in SYSTEM_OF.items() if s == system):
            for command in variants(state, type_name):
                for actor in LINKS:
                    reason = send_refusal(actor, state, command)
                    assert (reason is None) == declared(state, command, actor), (command, actor)
                    assert reason is None or reason.endswith(".")
    state = service.state(start(service, "warmachine"))[1]
    assert send_refusal(WATCH, state, Advance()) == WATCH_ONLY
    assert send_refusal(SEAT_2, state, Advance()) == ("Only Ann or the shared table link can move on to the next "
                                                      "step of this turn.")
    assert send_refusal(SEAT_1, state, Advance()) is None

"""The spectators' view of a game (models/service/views) and the per-version editions every reader shares
(models/service/reads.py): what a spectator reads, that a patch turns one version's view into the next, and
that a version is built and serialised once however many read it.

Every test runs on SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson
import pytest

from models.catalog import shipped_cards
from models.rules import Command
from models.rules.warband.phases import Next
from models.rules.warband.treasure import PickUp
from models.rules.warlord.damage import WarlordDamage
from models.rules.warlord.model_states import WarlordAddState
from models.rules.warmachine.builders import setup_game
from models.rules.warmachine.damage import MarkDamage
from models.rules.warmachine.replenish import AddSoulToken
from models.rules.warmachine.spells import CastSpell
from models.service import Actor, Created, GameService
from models.service.reads import Reads
from models.service.views import LOG_SHOWN, diff
from models.service.views.game import build
from tests.bench.script import SIDES, commands_for, setup_command
from tests.rules.warband.game import THUG
from tests.rules.warband.game import setup_command as warband_setup
from tests.rules.warlord.game import ORC
from tests.rules.warlord.game import setup_command as warlord_setup
from tests.rules.warmachine.game import REGNA, activated, fall, new_game
from tests.rules.warmachine.game import run as play

TABLE = Actor(role="table")
SCRIPT = "<script>alert(1)</script>"
GUARDIAN = "p1-guardian-of-souls"


@pytest.fixture
def service(new_service: Callable[[], GameService]) -> GameService:
    return new_service()


def apply_patch(target: Any, patch: Any) -> Any:
    """RFC 7386, as the watch page applies it (webapp/components/watch.js ``merge``)."""
    if not isinstance(patch, dict):
        return patch
    out = dict(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = apply_patch(out.get(key), value)
    return out


def without_nulls(value: Any) -> Any:
    """A view as a patched page holds it: a key whose value is None reads as absent."""
    if isinstance(value, dict):
        return {k: without_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [without_nulls(v) for v in value]
    return value


def run(service: GameService, game: Created, *commands: Command) -> int:
    version = service.state(game.game_id)[0]
    for command in commands:
        version = service.execute(game.game_id, command, version, TABLE).version
    return version


# -- what a spectator reads ------------------------------------------------------------------------------------

def test_the_view_holds_the_turn_both_players_every_card_and_the_log(service: GameService) -> None:
    game = service.start(setup_game("Friday game", SIDES))
    run(service, game, MarkDamage(model=GUARDIAN, amount=3))
    view = Reads(service).edition(game.game_id).view
    assert (view["v"], view["title"], view["players"]) == (2, "Friday game", ["Ann", "Bob"])
    assert view["turn"] == {"round": "Round 1", "player": "Ann's turn",
                            "phase": "Control: Replenish essence: sacrifice or leech", "cp": ""}
    assert view["sides"][0] == ["p1-agathon", GUARDIAN, "p1-cultist-band", "p1-umbral-guardian"]
    guardian = view["cards"][GUARDIAN]
    assert (guardian["name"], guardian["kind"], guardian["points"]["text"]) == (
        "Guardian of Souls", "Colossal horror", "Essence 4 / 4")
    assert guardian["track"] == {"kind": "web", "sizes": [30, 16, 10], "marks": [3, 0, 0], "label": (
        "Damage web: outer ring 3 of 30 marked, middle ring 0 of 16 marked, centre ring 0 of 10 marked")}
    band = view["cards"]["p1-cultist-band"]
    assert band["kind"] == "Unit: 4 of 4 models in play" and len(band["troopers"]) == 4
    assert view["log"]["2"] == ["Guardian of Souls suffers 3 damage (marked at the table).", False]
    assert view["clock"] is None and view["result"] is None and view["attack"] is None


def test_a_trooper_removed_from_play_reads_as_removed_on_the_watch_view(service: GameService) -> None:
    """doc 001 "Sacrifice": the sacrificed cultist is out of play: its row says so and why, greyed."""
    from models.rules.warmachine.replenish import Sacrifice

    game = service.start(setup_game("Friday game", SIDES))
    run(service, game, Sacrifice(master="p1-agathon", victim="p1-cultist-band.1"))
    band = Reads(service).edition(game.game_id).view["cards"]["p1-cultist-band"]
    assert band["kind"] == "Unit: 3 of 4 models in play"
    gone, kept = band["troopers"][1], band["troopers"][2]
    assert (gone["status"], gone["look"]) == ("Removed from play: sacrificed", "gone")
    assert (kept["status"], kept["look"]) == ("", "")


def test_typed_names_are_plain_strings_never_in_the_drawings(service: GameService) -> None:
    """Names go to the browser as strings it shows as text; the only markup (the drawings the browser makes from
    the tracks) never holds them."""
    game = service.start(setup_game(SCRIPT, [(SCRIPT, SIDES[0][1]), ('Bob" onclick="x', SIDES[1][1])]))
    view = Reads(service).edition(game.game_id).view
    assert view["title"] == SCRIPT and view["players"] == [SCRIPT, 'Bob" onclick="x']
    assert view["turn"]["player"] == f"{SCRIPT}'s turn"
    drawings = [c["track"] for c in view["cards"].values() if c.get("track")]
    assert drawings and not any("script" in str(d) or "onclick" in str(d) for d in drawings)


def test_an_undo_strikes_the_entry_it_undid_and_the_log_keeps_the_newest_entries(service: GameService) -> None:
    game = service.start(setup_game("Long game", SIDES))
    reads = Reads(service)
    run(service, game, MarkDamage(model=GUARDIAN, amount=1))
    reads.edition(game.game_id)
    service.undo(game.game_id, 2, TABLE)
    log = reads.edition(game.game_id).view["log"]
    assert log["2"][1] is True and log["3"][0].startswith("Undone: ") and log["1"][1] is False
    run(service, game, *commands_for(service.state(game.game_id)[1], LOG_SHOWN + 5))
    log = reads.edition(game.game_id).view["log"]
    newest = service.state(game.game_id)[0]
    assert len(log) == LOG_SHOWN and min(map(int, log)) == newest - LOG_SHOWN + 1


def test_a_warlord_view_shows_damage_tracks_and_model_states(service: GameService) -> None:
    game = service.start(warlord_setup())
    run(service, game, WarlordDamage(model=ORC), WarlordAddState(model=ORC, state="poisoned"))
    view = Reads(service).edition(game.game_id).view
    orc = view["cards"][ORC]
    assert orc["dt"] == {"text": "DT 1/2", "left": 1, "of": 2, "label": "Damage tracks: 1 of 2 left"}
    assert [c["chip"] for c in orc["chips"]] == ["Poisoned"]
    assert view["turn"]["round"] == "Game turn 1" and "Poisoned" in view["turn"]["latest"]


def test_a_warband_view_shows_the_upkeep_and_no_instructions_for_the_players(service: GameService) -> None:
    game = service.start(warband_setup())
    run(service, game, Next(), PickUp(unit=THUG))
    view = Reads(service).edition(game.game_id).view
    assert [s["label"] for s in view["turn"]["steps"] if s["current"]] == ["Treasure"]
    assert "Carries a treasure token. Carries a treasure token: it may not run." in view["cards"][THUG]["lines"]
    prompt = " ".join(line["text"] for line in view["prompt"])
    assert prompt.startswith("Treasure: ") and "Use \"Pick up treasure\"" not in prompt


# -- patches and editions ------------------------------------------------------------------------------------

def test_each_patch_turns_the_previous_view_into_the_next(service: GameService) -> None:
    """A scripted game of 100 commands (damage, essence, activations, tithe), now and then undone and done
    again: each edition's patch, applied as the browser applies it, gives exactly the next view."""
    start = service.start(setup_command(shipped_cards()))
    reads = Reads(service)
    shown = without_nulls(reads.edition(start.game_id).view)
    checked = 0

    def follow() -> None:
        nonlocal shown, checked
        edition = reads.edition(start.game_id)
        assert edition.base == shown["v"]
        shown = apply_patch(shown, edition.patch)
        assert shown == without_nulls(edition.view)
        assert len(orjson.dumps(edition.patch)) < len(edition.view_json)
        checked += 1

    for k, command in enumerate(commands_for(service.state(start.game_id)[1], 100)):
        version = service.execute(start.game_id, command, shown["v"], TABLE).version
        follow()
        if k % 17 == 16:
            service.undo(start.game_id, version, TABLE)
            follow()
            service.execute(start.game_id, command, shown["v"], TABLE)
            follow()
    assert checked == 100 + 2 * 5


def test_a_patch_removes_what_is_gone_and_keeps_lists_whole() -> None:
    old = {"v": 1, "attack": {"heading": "A"}, "cards": {"a": {"x": 1}, "b": {"x": 2}}, "sides": [["a", "b"]]}
    new = {"v": 2, "attack": None, "cards": {"a": {"x": 1}}, "sides": [["a"]]}
    assert diff(old, new) == {"v": 2, "attack": None, "cards": {"b": None}, "sides": [["a"]]}
    assert diff(new, new) == {}


def test_a_version_is_built_and_serialised_once_for_every_reader(service: GameService) -> None:
    game = service.start(setup_game("Friday game", SIDES))
    reads = Reads(service)
    first = reads.edition(game.game_id)
    assert reads.edition(game.game_id) is first and first.view_json is first.view_json
    assert orjson.loads(first.state_json)["version"] == 1
    run(service, game, MarkDamage(model=GUARDIAN, amount=1))
    second = reads.edition(game.game_id)
    assert second is not first and second.version == 2 and second.base == 1
    assert second.patch == diff(first.view, second.view) and set(second.patch) == {"v", "cards", "log"}
    assert reads.edition(game.game_id, at_least=2) is second  # known current: no database read


def test_the_watch_view_shows_no_upkeep_or_soul_tokens_of_a_destroyed_caster() -> None:
    """doc 001, "Control Phase" step 4 and "Soul Tokens": what a destroyed caster kept in play goes with it, so its
    card says nothing of them; the same caster in play shows both (the positive control)."""
    kept = play(activated(new_game(), REGNA), CastSpell(model=REGNA, spell="Hex", cost=2, upkeep=True),
               AddSoulToken(model=REGNA, count=2))
    shown = orjson.dumps(build(1, kept, {})).decode()
    assert "Upkeep: Hex" in shown and "Soul tokens: 2" in shown
    gone = orjson.dumps(build(2, fall(kept, MarkDamage(model=REGNA, amount=5)), {})).decode()
    assert "Upkeep: Hex" not in gone and "Soul tokens" not in gone

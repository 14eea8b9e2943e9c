"""State shown right at the table: a trooper removed from play looks removed and says why, and "Allocate focus…" stays
live while any warjack of the battlegroup has room, not only the first one."""

from __future__ import annotations

from nicegui import ui
from nicegui.testing import User

from models.rules.warmachine.builders import setup_game
from models.rules.warmachine.focus import AllocateFocus
from models.rules.warmachine.replenish import Sacrifice
from models.rules.warmachine.setup import ArmyEntry
from models.service import Actor, Created
from tests.bench.script import SIDES
from tests.webapp.helpers import (
    click,
    eventually,
    fill,
    find,
    model_card,
    region,
    see,
    service,
    shows,
    table_url,
    version,
)
from tests.webapp.test_other_side_ui import CARDS, CASTER, TRO, greyed, named_button

TABLE = Actor(role="table")
TWO_JACKS = [ArmyEntry(card="test-caster"), ArmyEntry(card="test-heavy", battlegroup_of=0),
             ArmyEntry(card="test-heavy", battlegroup_of=0)]


def send(game: Created, *commands: object) -> None:
    for command in commands:
        service().execute(game.game_id, command, version(game), TABLE)


async def test_a_sacrificed_trooper_is_greyed_and_says_why(user: User) -> None:
    """doc 001 "Sacrifice": the cultist is removed from play; its row on the unit's card says so, greyed, and
    its track no longer takes damage."""
    game = service().start(setup_game("Sacrifice", SIDES))
    send(game, Sacrifice(master="p1-agathon", victim="p1-cultist-band.1"))
    await user.open(table_url(game))
    band = model_card(user, "Ann", "Cultist Band")
    await see(user, "Removed from play: sacrificed", band)
    assert shows(user, "Unit: 3 of 4 models in play", band)
    rows = [e for e in band.descendants() if "tk-trooper" in e.classes]
    assert ["tk-gone" in row.classes for row in rows] == [False, True, False, False]
    assert not any("tk-tappable" in e.classes for e in rows[1].descendants())
    assert any("tk-tappable" in e.classes for e in rows[2].descendants())  # positive control


async def test_allocate_focus_stays_live_while_the_second_warjack_has_room(user: User) -> None:
    """Mk III core rule (public, focus.py): a warjack holds at most 3 focus. With the first warjack full the
    warcaster may still give focus to the second: the guide's button is live and the dialog picks that one."""
    game = service().start(setup_game("Two jacks", [("Cy", TWO_JACKS), ("Tro", TRO)],
                                      cards={**service().cards(), **{c.key: c for c in CARDS}}))
    send(game, AllocateFocus(warcaster="p1-test-caster", warjack="p1-test-heavy", points=2))
    await user.open(table_url(game))
    guide = region(user, "Control phase guide")
    await see(user, "Focus 3 / 3", model_card(user, "Cy", "Ironclad Test"))
    assert named_button(user, f"Allocate focus: {CASTER}", guide).props.get("aria-disabled") != "true"
    click(user, f"Allocate focus: {CASTER}", within=guide)
    await eventually(lambda: shows(user, f"{CASTER} allocates focus"), "the allocation dialog")
    assert find(user, "Focus for Ironclad Test 2", ui.number).value == 1, "1 ready on the warjack with room"
    assert find(user, "Focus for Ironclad Test", ui.number).value == 0, "one dialog for every warjack"
    send(game, AllocateFocus(warcaster="p1-test-caster", warjack="p1-test-heavy-2", points=2))
    await see(user, "Focus 3 / 3", model_card(user, "Cy", "Ironclad Test 2"))
    assert greyed(user, f"Allocate focus: {CASTER}", guide) == "A warjack holds at most 3 focus; Ironclad Test has 3."


async def test_focus_goes_to_every_warjack_from_one_dialog(user: User) -> None:
    """Focus is allocated to both warjacks in one dialog (Mk III core rules, public: a warcaster
    allocates to warjacks of its battlegroup in its control range, 3 at most each); one allocation is logged per
    warjack given points."""
    game = service().start(setup_game("Two jacks", [("Cy", TWO_JACKS), ("Tro", TRO)],
                                      cards={**service().cards(), **{c.key: c for c in CARDS}}))
    await user.open(table_url(game))
    guide = region(user, "Control phase guide")
    click(user, f"Allocate focus: {CASTER}", within=guide)
    await eventually(lambda: shows(user, f"{CASTER} allocates focus"), "the allocation dialog")
    fill(user, "Focus for Ironclad Test", "2")
    fill(user, "Focus for Ironclad Test 2", "2")
    click(user, "Allocate")
    await see(user, "Focus 3 / 3", model_card(user, "Cy", "Ironclad Test"))
    await see(user, "Focus 3 / 3", model_card(user, "Cy", "Ironclad Test 2"))
    await see(user, "Focus 2 / 6", model_card(user, "Cy", CASTER))

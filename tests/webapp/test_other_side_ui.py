"""The other side of the table in the UI: grids and spirals drawn and marked, focus and fury trackers, the caster
actions (power up, allocate, leech, force, threshold check with typed or service-rolled dice, the frenzy panel),
structures' reminders, Grymkin Arcana on the table and the watch page, the attack assistant with its pauses, the
control-phase guide and the turn bar following the active army's own steps.

Cards are typed in here as a player would from their own stat cards (test data; only the Dire Troll Blitzer's
THR 9 is the reference's). Games are set up through the running app's GameService, and moved on to the
moment a test is about through it too; what the test is about is done on the page, by accessible name.
"""

from __future__ import annotations

from collections.abc import Callable

from nicegui import ui
from nicegui.element import Element
from nicegui.testing import User
from nicegui.testing.user_interaction import UserInteraction

from models.catalog import shipped_cards
from models.catalog.schema import BoxesLayout, Card, SpiralLayout, Stats
from models.rules import Command
from models.rules.warmachine.activation import Activate
from models.rules.warmachine.builders import setup_game
from models.rules.warmachine.fury import Force
from models.rules.warmachine.match import board
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.setup import ArmyEntry
from models.rules.warmachine.shake import AddEffect
from models.rules.warmachine.spells import CastSpell
from models.service import Actor, Created
from tests.webapp.helpers import (
    accessible_name,
    card_book,
    choose,
    click,
    elements,
    eventually,
    exists,
    fill,
    find,
    model_card,
    next_button,
    region,
    see,
    service,
    shows,
    table_url,
    texts,
    version,
    watch_url,
)

SHIPPED = shipped_cards()
JACK_GRID = ("-.LL.-", "..LM..", "..MC..", "..CM..", "..RM..", "-.RR.-")
BEAST_SPIRAL = ("...MM", "....BB", "...SS")
CARDS = (
    Card(key="test-caster", name="Commander Test", faction="Cygnar", role="warcaster",
         stats={"FOCUS": 6}, damage={"kind": "boxes", "boxes": 17}),
    Card(key="test-heavy", name="Ironclad Test", faction="Cygnar", role="warjack", weight="heavy",
         damage={"kind": "grid", "columns": JACK_GRID}),
    # Written by the players with Tough, so damage application waits for them at disabled and boxed.
    SHIPPED["trencher-blockhouse"].model_copy(update={"damage": BoxesLayout(boxes=20), "rules": ("Tough",)}),
    Card(key="test-warlock", name="Madrak Test", faction="Trollbloods", role="warlock",
         stats={"FURY": 6}, damage={"kind": "boxes", "boxes": 18}),
    SHIPPED["dire-troll-blitzer"].model_copy(update={
        "weight": "heavy", "stats": Stats(FURY=4, THR=9), "damage": SpiralLayout(branches=BEAST_SPIRAL)}),
    Card(key="test-grymkin", name="Dreamer Test", faction="Grymkin", role="warlock", trump="Trump of Dreams",
         stats={"FURY": 7}, damage={"kind": "boxes", "boxes": 16}),
)
CY = [ArmyEntry(card="test-caster"), ArmyEntry(card="test-heavy", battlegroup_of=0),
      ArmyEntry(card="trencher-blockhouse")]
TRO = [ArmyEntry(card="test-warlock"), ArmyEntry(card="dire-troll-blitzer", battlegroup_of=0)]
GRY = [ArmyEntry(card="test-grymkin")]
TABLE = Actor(role="table")
CASTER, JACK, LOCK, BLITZER = "Commander Test", "Ironclad Test", "Madrak Test", "Dire Troll Blitzer"


def other_side_game(first: int = 0, against: list[ArmyEntry] = TRO, completed: bool = True) -> Created:
    """Cy (a warcaster, a heavy warjack, a Trencher Blockhouse) against Tro (a warlock and a Blitzer) or Gry,
    the cards completed or written by the players (the Blitzer left as shipped unless ``completed``)."""
    own = {c.key: c for c in CARDS if completed or c.key != "dire-troll-blitzer"}
    name = "Tro" if against is TRO else "Gry"
    return service().start(setup_game("Other side", [("Cy", CY), (name, against)], first,
                                      cards={**service().cards(), **own}))


def run(game: Created, *commands: Command) -> None:
    """Move the game on through the service (the setting for what a test does on the page)."""
    for command in commands:
        service().execute(game.game_id, command, version(game), TABLE)


def to_step(game: Created, phase: str, step: str, seat: int) -> None:
    for _ in range(60):
        state = service().state(game.game_id)[1]
        if (state.phase, state.step, state.active) == (phase, step, seat):
            return
        run(game, Advance())
    raise AssertionError(f"never reached {phase}/{step}")


def track(user: User, side: str, name: str) -> str:
    """The damage track's description (the SVG's aria-label) on a model's card."""
    drawn = [t for t in texts(user, model_card(user, side, name)) if "aria-label=" in t]
    assert drawn, f"{name} has no damage drawing"
    start = drawn[0].index('aria-label="') + len('aria-label="')
    return drawn[0][start:drawn[0].index('"', start)]


def logged(game: Created, kind: str) -> list[dict]:
    """The data of every logged event of ``kind`` (what replay reads)."""
    return [e["data"] for row in service().repo.log(game.game_id) for e in row.events if e["kind"] == kind]


def named_button(user: User, name: str, within=None) -> ui.button:
    return find(user, name, ui.button, within)


def greyed(user: User, name: str, within=None) -> str:
    """A greyed control: aria-disabled and its reason as the title."""
    button = named_button(user, name, within)
    assert button.props.get("aria-disabled") == "true", f"{name} is not greyed"
    return str(button.props.get("title"))


def tap_branch(user: User, signs: str) -> None:
    """Draw a spiral branch on the completion dialog by tapping: one tap a box, two its aspect box."""
    branch = {"M": "Mind", "B": "Body", "S": "Spirit"}[signs[-1]]
    for box, sign in enumerate(signs, start=1):
        for _ in range(1 if sign == "." else 2):
            cell = find(user, lambda n, b=box: n.startswith(f"{branch} branch, box {b}:"), ui.button)
            UserInteraction(user, {cell}, None).click()


def dialog_open(user: User, title: str) -> Callable[[], bool]:
    return lambda: shows(user, title)


def pick(user: User, name: str, option: str) -> None:
    """Pick an option of a radio group."""
    UserInteraction(user, {find(user, name, ui.radio)}, option).click()


def tap(user: User, element: Element) -> None:
    """A finger on an element that is not a button (a damage drawing)."""
    UserInteraction(user, {element}, None).click()


# -- damage grids and spirals -------------------------------------------------------------------------------

async def test_a_warjack_grid_is_drawn_and_damage_enters_the_chosen_column(user: User) -> None:
    game = other_side_game()
    await user.open(table_url(game))
    assert track(user, "Cy", JACK) == (
        "Damage grid: column 1 0 of 4 marked, column 2 0 of 6 marked, column 3 0 of 6 marked, column 4 0 of 6 "
        "marked, column 5 0 of 6 marked, column 6 0 of 4 marked; nothing crippled")
    drawing = next(t for t in texts(user, model_card(user, "Cy", JACK)) if "tk-grid" in t)
    assert drawing.count(">L<") == 3 and drawing.count(">C<") == 2  # system letters as on the card

    jack = model_card(user, "Cy", JACK)
    fill(user, f"Damage to apply to {JACK}", "7", within=jack)
    click(user, f"Apply damage to {JACK}", within=jack)
    await eventually(dialog_open(user, f"{JACK} suffers 7 damage: where does it go in?"), "the column question")
    assert version(game) == 1  # nothing marked before the column is known
    click(user, "Column 1")
    await see(user, "column 1 4 of 4 marked, column 2 3 of 6 marked", jack)
    assert track(user, "Cy", JACK).endswith("crippled: Left arm")
    await see(user, "Left arm system crippled: Weapons in the left arm roll one fewer die", jack)
    await user.should_see(f"{JACK}: Left arm system crippled", retries=50)  # flashed on the screen that did it

    drawn = next(e for e in elements(user, ui.html, jack) if "tk-track" in e.classes)
    tap(user, drawn)  # one point, where the players say
    await eventually(dialog_open(user, f"{JACK} suffers 1 damage: where does it go in?"), "the column question")
    click(user, "Column 6")
    await see(user, "column 6 1 of 4 marked", jack)


async def test_fire_that_stays_on_a_warjack_asks_the_column_and_marks_its_grid(user: User) -> None:
    """doc 001 "The Infernal Turn", maintenance step 2: a fire that stays deals its damage; on a grid the
    players then say the column it goes in at, as for any damage."""
    game = other_side_game()
    run(game, AddEffect(model="p1-test-heavy", effect="fire"))
    to_step(game, "maintenance", "continuous", 0)
    await user.open(table_url(game))
    prompt = region(user, "Continuous effects")
    click(user, f"Fire stays: {JACK}", within=prompt)
    fill(user, "Damage", "2")
    click(user, "OK")
    await eventually(dialog_open(user, f"{JACK} suffers 2 damage: where does it go in?"), "the column question")
    click(user, "Column 1")
    await see(user, "column 1 2 of 4 marked", model_card(user, "Cy", JACK))


async def test_tapping_a_spiral_asks_for_the_branch_and_the_app_can_roll_it(user: User) -> None:
    game = other_side_game()
    service().roll = lambda: 3  # the d6 the app rolls: 3 is the Body branch
    await user.open(table_url(game))
    blitzer = model_card(user, "Tro", BLITZER)
    assert track(user, "Tro", BLITZER) == (
        "Damage spiral: Mind branch 0 of 5 marked, Body branch 0 of 6 marked, Spirit branch 0 of 5 marked; "
        "nothing crippled")
    drawing = next(t for t in texts(user, blitzer) if "tk-spiral" in t)
    assert "1-2 Mind" in drawing and "3-4 Body" in drawing and "5-6 Spirit" in drawing

    fill(user, f"Damage to apply to {BLITZER}", "6", within=blitzer)
    click(user, f"Apply damage to {BLITZER}", within=blitzer)
    await eventually(dialog_open(user, "Roll a d6 for the branch (1-2 Mind, 3-4 Body, 5-6 Spirit)"), "the d6")
    assert exists(user, "Roll of 5 (Spirit branch)", ui.button)
    click(user, f"Roll for me: where the damage goes in on {BLITZER}")
    await see(user, "Body branch 6 of 6 marked", blitzer)
    assert track(user, "Tro", BLITZER).endswith("crippled: Body")
    await see(user, "Body aspect crippled: It rolls one fewer die on damage rolls.", blitzer)
    assert logged(game, "damage.marked")[-1]["column"] == 3


async def test_a_gargantuans_damage_asks_the_spiral_then_the_branch_and_spills_into_the_other(user: User) -> None:
    """A gargantuan's two spirals (grids.py, our reading of the public summary): which spiral (the app can roll
    it, 1-3 left, 4-6 right), then the branch; a full spiral asks the d6 for the rest on the other one."""
    garg = Card(key="test-gargantuan", name="Mountain King Test", faction="Trollbloods", role="warbeast",
                weight="gargantuan", stats=Stats(FURY=4, THR=10),
                damage=SpiralLayout(sides=2, branches=BEAST_SPIRAL + BEAST_SPIRAL))
    sides = [("Cy", CY), ("Tro", [TRO[0], ArmyEntry(card=garg.key, battlegroup_of=0)])]
    game = service().start(setup_game("Giants", sides, 0,
                                      cards={**service().cards(), **{c.key: c for c in (*CARDS, garg)}}))
    service().roll = lambda: 5  # the d6 the app rolls for the side: 5 is the right spiral
    await user.open(table_url(game))
    card = model_card(user, "Tro", garg.name)
    assert track(user, "Tro", garg.name).startswith("Damage spiral: left Mind branch 0 of 5 marked")
    fill(user, f"Damage to apply to {garg.name}", "18", within=card)
    click(user, f"Apply damage to {garg.name}", within=card)
    await eventually(dialog_open(user, "Which spiral: the one on the attacker's side"), "the side question")
    click(user, f"Roll for me: which spiral of {garg.name}")
    await eventually(dialog_open(user, "Roll a d6 for the branch of its right spiral"), "the branch question")
    assert version(game) == 1  # nothing marked before the players have said where
    click(user, "Roll of 1 (right Mind branch)")
    await eventually(dialog_open(user, "Its right spiral fills up: the other 2 damage goes on into its left"),
                     "the second d6")
    click(user, "Roll of 3 (left Body branch)")
    await see(user, "left Body branch 2 of 6 marked", card)
    # Each side's aspects are its own (grids.py): the full right spiral cripples the right side's three aspects.
    assert track(user, "Tro", garg.name).endswith("right Spirit branch 5 of 5 marked; "
                                                  "crippled: Right Mind, Right Body, Right Spirit")
    assert logged(game, "damage.marked")[-1] | {"points": 18} == {
        "points": 18, "marks": [0, 2, 0, 5, 6, 5], "column": 1, "side": "right", "then_column": 3}


async def test_the_blitzers_card_is_completed_with_its_fury_and_spiral_at_the_table(user: User) -> None:
    game = other_side_game(completed=False)  # the shipped Blitzer: THR 9, a spiral without branches, no FURY
    await user.open(table_url(game))
    blitzer = model_card(user, "Tro", BLITZER)
    assert shows(user, "Fury 0: FURY unknown", blitzer) and shows(user, "THR 9", blitzer)
    click(user, f"Complete {BLITZER}'s card", within=blitzer)
    await eventually(dialog_open(user, "Tap the boxes of each branch"), "the completion dialog")
    fill(user, "FURY", "4")
    for signs in ("...MM", "....BB"):  # the Spirit branch forgotten: refused, nothing changes
        tap_branch(user, signs)
    click(user, "Save card")
    await user.should_see("The Spirit branch has no box", retries=50)
    assert version(game) == 1
    tap_branch(user, "...SS")
    click(user, "Save card")
    await see(user, "Fury 0 / 4", blitzer)
    assert track(user, "Tro", BLITZER).startswith("Damage spiral: Mind branch 0 of 5 marked")
    assert board(service().state(game.game_id)[1]).cards["dire-troll-blitzer"].damage.branches == BEAST_SPIRAL
    # The card book is written once the game took the card, which the page may show first.
    await eventually(lambda: "dire-troll-blitzer" in card_book(user), "the card kept in the card book")
    assert card_book(user)["dire-troll-blitzer"].damage.branches == BEAST_SPIRAL


# -- trackers, the control phase, the turn bar ---------------------------------------------------------------

async def test_focus_and_fury_trackers_show_points_against_their_stats(user: User) -> None:
    game = other_side_game()
    await user.open(table_url(game))
    caster = model_card(user, "Cy", CASTER)
    assert shows(user, "Focus 6 / 6", caster) and shows(user, 'CTRL 12"', caster)
    assert shows(user, "Focus 1 / 3", model_card(user, "Cy", JACK))  # powered up: the turn is at allocation
    lock = model_card(user, "Tro", LOCK)
    assert shows(user, "Fury 6 / 6", lock) and shows(user, 'CTRL 12"', lock)
    blitzer = model_card(user, "Tro", BLITZER)
    assert shows(user, "Fury 0 / 4", blitzer) and shows(user, "THR 9", blitzer)
    assert not shows(user, "CTRL", blitzer)


async def test_power_up_and_focus_allocation_through_the_control_guide(user: User) -> None:
    game = other_side_game()
    await user.open(table_url(game))
    # Maintenance, replenishing and power up have nothing to decide: the turn waits at allocation.
    await see(user, "Control: Allocate focus to warjacks", region(user, "Turn"))
    assert shows(user, "Control: Power up warjacks: nothing to decide.", region(user, "Game log"))
    guide = region(user, "Control phase guide")
    steps = [t for t in texts(user, guide) if t[:2] in {f"{n}." for n in range(1, 9)}]
    assert steps == ["1. Warcasters replenish focus", "2. Power up warjacks", "3. Allocate focus to warjacks",
                     "4. Upkeep spells and shake effects", "5. Other control effects"]  # no Infernal soul tokens
    assert accessible_name(next_button(user)) == "Next: Activation · Activate every model"
    await see(user, "Focus 1 / 3", model_card(user, "Cy", JACK))
    assert shows(user, "Warcasters may give focus to warjacks of their battlegroup", guide)

    click(user, f"Allocate focus: {CASTER}", within=guide)
    await eventually(dialog_open(user, f"{CASTER} allocates focus"), "the allocation dialog")
    fill(user, f"Focus for {JACK}", "3")
    click(user, "Allocate")
    await user.should_see(f"A warjack holds at most 3 focus; {JACK} has 1.", retries=50)
    fill(user, f"Focus for {JACK}", "2")
    click(user, "Allocate")
    await see(user, "Focus 3 / 3", model_card(user, "Cy", JACK))
    await see(user, "Focus 4 / 6", model_card(user, "Cy", CASTER))
    assert shows(user, "Control: Allocate focus to warjacks", region(user, "Turn"))


async def test_an_infernal_turn_next_label_skips_the_steps_of_other_armies(user: User) -> None:
    from tests.webapp.helpers import new_game

    game = new_game()
    await user.open(table_url(game))
    await see(user, "Activation: Activate every model", region(user, "Turn"))  # nothing to decide before it
    assert accessible_name(next_button(user)) == "Next: End of turn · Tithe: each horror pays 1 essence or leaves"
    log = texts(user, region(user, "Game log"))
    assert not any("Power up" in t or "Spirit bond" in t or "Threshold" in t for t in log)


async def test_leech_fury_dialog_picks_the_warbeast_and_points(user: User) -> None:
    game = other_side_game(first=1)
    to_step(game, "activation", "activate", 1)
    run(game, Activate(model="p2-test-warlock"), CastSpell(model="p2-test-warlock", spell="A spell", cost=2),
        Activate(model="p2-dire-troll-blitzer"), Force(warbeast="p2-dire-troll-blitzer", points=3))
    to_step(game, "control", "replenish", 1)
    await user.open(table_url(game))
    guide = region(user, "Control phase guide")
    assert shows(user, "Warlocks may leech fury from warbeasts of their battlegroup", guide)
    bond = [b for b in elements(user, ui.button, guide) if accessible_name(b) == f"Spirit bond: {LOCK}"]
    assert not any(b.visible for b in bond), "no warbeast destroyed: not offered (doc 002 \"Game Round\")"
    click(user, f"Leech fury: {LOCK}", within=guide)
    await eventually(dialog_open(user, f"{LOCK} leeches fury"), "the leech dialog")
    assert shows(user, f"{BLITZER} (3 fury)")
    fill(user, "Points", "4")
    click(user, "Leech")
    await user.should_see(f"{BLITZER} has only 3 fury to take.", retries=50)
    fill(user, "Points", "2")
    click(user, "Leech")
    await see(user, "Fury 6 / 6", model_card(user, "Tro", LOCK))
    await see(user, "Fury 1 / 4", model_card(user, "Tro", BLITZER))
    # Full: nothing more to leech, so the turn moves on by itself to the Blitzer's threshold check.
    await see(user, "Control: Threshold checks and frenzy", region(user, "Turn"))


async def test_threshold_check_rolled_by_the_service_passes_as_in_the_blitzer_example(user: User) -> None:
    """Doc 002's example: THR 9 and 3 fury; the app rolls 6 (3 + 3): 9 is not above THR, it passes."""
    game = other_side_game(first=1)
    to_step(game, "activation", "activate", 1)
    run(game, Activate(model="p2-dire-troll-blitzer"), Force(warbeast="p2-dire-troll-blitzer", points=3))
    to_step(game, "control", "frenzy", 1)
    service().roll = lambda: 3
    await user.open(table_url(game))
    guide = region(user, "Control phase guide")
    click(user, f"Threshold check: {BLITZER}", within=guide)
    await eventually(dialog_open(user, f"Threshold check for {BLITZER}"), "the threshold dialog")
    assert shows(user, "2d6 + 3 fury against THR 9: above THR it frenzies.")
    click(user, "Roll for me: Threshold dice (2d6)")
    await user.should_see("Rolled by the app: 3 + 3 = 6", retries=50)
    click(user, "Check")
    await user.should_see(f"{BLITZER} passes its threshold check: 6 + 3 fury = 9, not above THR 9.", retries=50)
    assert logged(game, "frenzy.passed") == [{"dice": [3, 3], "rolled_by": "service", "fury": 3, "thr": 9,
                                               "total": 9}]
    # The only check made, nothing more to decide in the control phase: the turn moves on by itself.
    await see(user, "Activation: Activate every model", region(user, "Turn"))


async def test_a_frenzy_is_shown_step_by_step_and_ended_with_fury_removed(user: User,
                                                                          create_user: Callable[[], User]) -> None:
    game = other_side_game(first=1)
    to_step(game, "activation", "activate", 1)
    run(game, Activate(model="p2-dire-troll-blitzer"), Force(warbeast="p2-dire-troll-blitzer", points=3))
    to_step(game, "control", "frenzy", 1)
    watcher = create_user()
    await watcher.open(watch_url(game))
    await user.open(table_url(game))
    blitzer = model_card(user, "Tro", BLITZER)
    click(user, f"Threshold check: {BLITZER}", within=blitzer)
    await eventually(dialog_open(user, f"Threshold check for {BLITZER}"), "the threshold dialog")
    fill(user, "Threshold dice (2d6)", "1 9")
    click(user, "Check")
    await user.should_see("Threshold dice (2d6): type each die's face (1 to 6)", retries=50)
    fill(user, "Threshold dice (2d6)", "4 3")
    click(user, "Check")
    await see(user, "Frenzied", blitzer)
    assert logged(game, "frenzy.failed")[0]["rolled_by"] == "player"
    await see(user, "1. It activates at once, here in the control phase", blitzer)
    assert shows(user, "2. It shrugs off being knocked down", blitzer)  # every step at once: no taps to read
    assert shows(user, "7. Afterwards it calms down", blitzer)
    assert not exists(user, f"Next frenzy step: {BLITZER}", ui.button)
    await watcher.should_see("3. It charges straight at the nearest model it can see", retries=50)
    await watcher.should_see("Frenzied", retries=50)

    # Its one attack, from the frenzy panel: a charge attack whose attack roll the rules boost, free.
    click(user, f"Frenzy attack: {BLITZER}", within=blitzer)
    await eventually(dialog_open(user, f"{BLITZER} attacks"), "the declare dialog")
    assert find(user, "Charge attack", ui.checkbox).value
    choose(user, "Target", "Commander Test")
    click(user, "Declare the attack")
    await user.should_see(f"{BLITZER}: melee attack against Commander Test", retries=50)
    attack = region(user, "Attack")
    await see(user, "Roll 3 dice (boosted by the frenzy, free).", attack)
    assert not exists(user, "Free boost", ui.checkbox) and not exists(user, "Boosted attack roll", ui.checkbox)
    click(user, "Put the attack aside")
    await eventually(lambda: not exists(user, "Attack"), "the attack to be put aside")
    assert logged(game, "attack.declared")[0]["charge"]
    await eventually(lambda: not exists(user, f"Frenzy attack: {BLITZER}", ui.button), "its one attack made")

    click(user, f"End frenzy: {BLITZER}", within=blitzer)
    await eventually(dialog_open(user, f"End {BLITZER}'s frenzy"), "the end of the frenzy")
    fill(user, "Fury to remove", "2")
    click(user, "End frenzy")
    await see(user, "Done this turn", blitzer)
    await see(user, "Fury 1 / 4", blitzer)
    await eventually(lambda: not shows(user, "Step 2 of 7", blitzer), "the frenzy panel to go")
    await watcher.should_see("Done this turn", retries=50)


async def test_the_activated_model_has_the_activation_sequence_to_tick_through(user: User) -> None:
    game = other_side_game()
    to_step(game, "activation", "activate", 0)
    await user.open(table_url(game))
    caster = model_card(user, "Cy", CASTER)
    assert not shows(user, "The activation sequence", caster)
    click(user, f"Activate: {CASTER}", within=caster)
    await see(user, "The activation sequence", caster)
    tick = find(user, lambda n: n.startswith("Normal movement"), ui.checkbox, within=caster)
    assert tick.value is False
    click(user, f"Activate: {JACK}", within=model_card(user, "Cy", JACK))  # the caster's activation ends
    await see(user, "The activation sequence", model_card(user, "Cy", JACK))
    await eventually(lambda: not shows(user, "The activation sequence", caster), "the caster's list to go")


# -- structures, arcana ---------------------------------------------------------------------------------------

async def test_a_structure_shows_its_reminders_and_refuses_what_it_cannot_suffer(user: User) -> None:
    game = other_side_game()
    await user.open(table_url(game))
    block = model_card(user, "Cy", "Trencher Blockhouse")
    assert shows(user, "Melee attacks against it hit automatically.", block)
    assert shows(user, "It makes no free strikes.", block)
    click(user, "Effects on Trencher Blockhouse", within=block)
    await eventually(lambda: exists(user, "Now knocked down", ui.button), "the effects dialog")
    click(user, "Now knocked down")
    await user.should_see("Trencher Blockhouse is a structure: it cannot be knocked down.", retries=50)
    assert version(game) == 1


async def test_arcana_are_chosen_played_once_per_turn_and_shown_on_the_watch_page(
        user: User, create_user: Callable[[], User]) -> None:
    game = other_side_game(against=GRY)
    watcher = create_user()
    await watcher.open(watch_url(game))
    await user.open(table_url(game))
    dreamer = model_card(user, "Gry", "Dreamer Test")
    assert shows(user, "Arcana: not chosen yet", dreamer)
    click(user, "Choose Arcana cards: Dreamer Test", within=dreamer)
    await eventually(dialog_open(user, "Dreamer Test's Arcana cards"), "the arcana dialog")
    choose(user, "Second card", "Shroud")
    choose(user, "Third card", "Shroud")
    click(user, "Reveal the cards")
    await user.should_see("The three Arcana cards must all be different.", retries=50)
    choose(user, "Third card", "Ruin")
    click(user, "Reveal the cards")
    await see(user, "Shroud: not played", dreamer)
    await watcher.should_see("Trump of Dreams (Trump): not played", retries=50)

    # Cy's turn: the Grymkin warlock may play a card in the opponent's turn too, one per turn.
    click(user, "Play Shroud: Dreamer Test", within=dreamer)
    await see(user, "Shroud: played", dreamer)
    await watcher.should_see("Shroud: played", retries=50)
    assert greyed(user, "Play Ruin: Dreamer Test", dreamer) == (
        "Dreamer Test has already played an Arcana card this turn.")
    click(user, "Play Ruin: Dreamer Test", within=dreamer)
    await user.should_see("Dreamer Test has already played an Arcana card this turn.", retries=50)
    assert not exists(user, "Play Shroud: Dreamer Test", ui.button)  # a card is played once
    assert logged(game, "arcana.played") == [{"card": "Shroud"}]


# -- the attack assistant -------------------------------------------------------------------------------------

async def test_the_attack_assistant_rolls_records_and_pauses_at_disabled_and_boxed(
        user: User, create_user: Callable[[], User]) -> None:
    game = other_side_game(first=1)
    to_step(game, "activation", "activate", 1)
    service().roll = lambda: 5
    watcher = create_user()
    await watcher.open(watch_url(game))
    await user.open(table_url(game))

    # A melee attack on the structure hits without a roll.
    click(user, f"Attack: {BLITZER}", within=model_card(user, "Tro", BLITZER))
    await eventually(dialog_open(user, f"{BLITZER} attacks"), "the declare dialog")
    choose(user, "Target", "Trencher Blockhouse")
    click(user, "Declare the attack")
    await user.should_see(f"{BLITZER}: melee attack against Trencher Blockhouse", retries=50)
    attack = region(user, "Attack")
    await see(user, "Waiting for the damage roll.", attack)
    await watcher.should_see(f"{BLITZER}: melee attack against Trencher Blockhouse", retries=50)
    assert not exists(user, f"Attack: {LOCK}", ui.button)  # one attack at a time
    assert not exists(user, f"Activate: {LOCK}", ui.button)  # and nothing else until it is resolved
    click(user, "Roll for me: Damage dice")
    await see(user, "Rolled by the app: 5 + 5 = 10", attack)
    fill(user, "Damage points after ARM", "20")
    click(user, "Apply the damage to Trencher Blockhouse")
    await see(user, "Trencher Blockhouse is disabled: every damage box is marked.", attack)
    assert logged(game, "attack.damage_rolled")[0]["rolled_by"] == "service"
    assert logged(game, "attack.damage_rolled")[0]["dice"] == [5, 5]

    click(user, "Go on: boxed: Trencher Blockhouse")
    await see(user, "Trencher Blockhouse is boxed: every damage box is marked.", attack)
    fill(user, "Damage removed by the effect", "1")
    click(user, "It survives: Trencher Blockhouse")  # Tough
    await eventually(lambda: not exists(user, "Attack"), "the attack to be resolved")
    await see(user, "Damage boxes: 19 of 20 marked", model_card(user, "Cy", "Trencher Blockhouse"))
    assert not shows(user, "Destroyed", model_card(user, "Cy", "Trencher Blockhouse"))

    # A ranged attack on the warjack: typed dice, a hit, the damage enters the column the d6 says.
    click(user, f"Attack: {LOCK}", within=model_card(user, "Tro", LOCK))
    await eventually(dialog_open(user, f"{LOCK} attacks"), "the declare dialog")
    choose(user, "Target", JACK)
    pick(user, "Kind of attack", "Ranged")
    click(user, "Declare the attack")
    await user.should_see("Waiting for the attack roll.", retries=50)
    assert exists(user, "Boosted attack roll", ui.checkbox)  # no rule boosts it: the players may
    fill(user, "Attack dice", "1 1")
    click(user, "Reroll: Attack dice")  # a reroll: the first dice stay on record
    await see(user, "Set aside by a reroll: 1 + 1. Enter or roll the new dice.", region(user, "Attack"))
    fill(user, "Attack dice", "6 2")
    click(user, f"The attack hits {JACK}")
    await see(user, "Waiting for the damage roll.", region(user, "Attack"))
    fill(user, "Damage dice", "6 6")
    fill(user, "Damage points after ARM", "5")
    choose(user, "Where the damage goes in (d6)", "3")
    click(user, f"Apply the damage to {JACK}")
    await see(user, "column 3 5 of 6 marked", model_card(user, "Cy", JACK))
    rolled = logged(game, "attack.rolled")[0]
    assert {k: rolled[k] for k in ("dice", "rolled_by", "removed", "total", "boosted", "hit", "rerolled")} == {
        "dice": [6, 2], "rolled_by": "player", "removed": 0, "total": 8, "boosted": False, "hit": True,
        "rerolled": [[1, 1]]}
    await eventually(lambda: not shows(user, "Waiting for"), "the attack to be resolved")
    assert not logged(game, "model.destroyed")

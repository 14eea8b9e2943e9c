"""Decisions the turn waits for, on the table page: a continuous effect (fire) on the active player's model is
answered in the turn bar's prompt (doc 001 "The Infernal Turn", maintenance step 2), and Next stays greyed with
the rules' reason until the players have answered (doc 001 "Control Phase" step 4 for upkeep the same way). A
model that may make no combat attack is told why in the attack dialog, its free strike ticked.
"""

from __future__ import annotations

from nicegui import ui
from nicegui.testing import User

from models.rules import Command
from models.rules.warmachine.activation import Activate, Run
from models.rules.warmachine.match import board
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.shake import AddEffect
from models.rules.warmachine.tithe import PayTithe
from models.service import Actor, Created
from tests.webapp.helpers import (
    click,
    eventually,
    fill,
    find,
    model_card,
    next_button,
    region,
    see,
    service,
    shows,
    table_url,
    version,
)

AGATHON = "p1-agathon"
WAITING = "Resolve each continuous effect first (it expires, or it stays and deals its damage): Agathon (on fire)."


def send(game: Created, command: Command) -> None:
    service().execute(game.game_id, command, version(game), Actor("table"))


def to_round_2_maintenance(game: Created) -> None:
    """Agathon catches fire in Ann's round 1; both turns end with their tithes paid; Ann's round 2 stops at the
    continuous-effects step."""
    send(game, AddEffect(model=AGATHON, effect="fire"))
    for _ in range(20):
        state = service().state(game.game_id)[1]
        if (state.round, state.step) == (2, "continuous"):
            return
        send(game, PayTithe(horror=board(state).pending_tithe[0]) if board(state).pending_tithe else Advance())
    raise AssertionError("Ann's round 2 never stopped at the continuous effects")


async def test_fire_waits_for_the_players_and_next_says_so(user: User, game: Created) -> None:
    """doc 001 maintenance step 2: the prompt names the fire; Next is greyed with the reason and refuses when
    tapped; once the fire stays and deals 2 damage, the prompt goes and Next takes the turn on."""
    to_round_2_maintenance(game)
    await user.open(table_url(game))
    turn = region(user, "Turn")
    await see(user, "Maintenance: Continuous effects", turn)
    prompt = region(user, "Continuous effects")
    assert shows(user, "Agathon: fire", prompt)
    nxt = next_button(user)
    assert nxt.props.get("aria-disabled") == "true" and nxt.props.get("title") == WAITING
    before = version(game)
    click(user, lambda n: n.startswith("Next"))
    await see(user, WAITING)
    assert version(game) == before

    click(user, "Fire stays: Agathon", within=prompt)
    fill(user, "Damage", "2")
    click(user, "OK")
    await see(user, "Essence 9 / 9 · Damage 2/17", region(user, "Ann"))
    await eventually(lambda: not shows(user, "Agathon: fire", region(user, "Turn")), "the prompt to go")
    await eventually(lambda: "aria-disabled" not in next_button(user).props, "Next to take the turn on")


async def test_an_expiring_fire_is_gone_and_the_turn_moves_on(user: User, game: Created) -> None:
    """doc 001 maintenance step 2: an effect that expires is taken off the model (positive control of the wait)."""
    to_round_2_maintenance(game)
    await user.open(table_url(game))
    click(user, "Fire expires: Agathon", within=region(user, "Continuous effects"))
    await eventually(lambda: "fire" not in board(service().state(game.game_id)[1]).model(AGATHON).effects,
                     "the fire to go")
    click(user, lambda n: n.startswith("Next"))
    await see(user, "Control:", region(user, "Turn"))


async def test_a_model_that_ran_is_told_it_may_only_make_a_free_strike(user: User, game: Created) -> None:
    """doc 000 "Rules Clarification: Infernal Master": running ends the activation, so the attack dialog says
    why no combat attack is possible and ticks the free strike it may still make (doc 001: a free strike is no
    part of the combat action); declared, it is a free strike."""
    send(game, Activate(model=AGATHON))
    send(game, Run(model=AGATHON))
    await user.open(table_url(game))
    click(user, "Attack: Agathon", within=model_card(user, "Ann", "Agathon"))
    await see(user, "Agathon ran this activation, so it cannot attack now. It may still make a free strike.")
    assert find(user, "It is a free strike", ui.checkbox).value is True
    click(user, "Declare the attack")
    await see(user, "Agathon makes a free strike against Princess Regna.", region(user, "Game log"))

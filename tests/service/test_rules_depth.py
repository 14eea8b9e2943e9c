"""Each rule the rules core enforces refuses through the routes too, with a positive control showing the same route
accepting what the rule allows. The API tests go through ``POST /api/games``, ``POST /api/games/start`` and the command
route (tests/service/test_api.py style); the setup wizard and the warband game through GameService. SQLite always,
PostgreSQL when TEST_DATABASE_URL is set (``db_url``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from models.rules import RuleViolation
from models.rules.warband.conditions import SetCondition
from models.rules.warband.phases import Next
from models.rules.warband.state import board
from models.rules.warband.treasure import PickUp
from models.rules.warmachine.arcana import AssignArcana
from models.rules.warmachine.pregame import FinishSetupStep, StartGame, TickSetupTask
from models.service import Actor, GameService
from tests.rules.warband.game import CAPTAIN, setup_command
from tests.rules.warmachine.other_side.other_side_game import DREAMER, WANDERER, grymkin_wizard_setup
from tests.rules.warmachine.tournament import to_clock_commands
from tests.service.test_api import GAME, assert_error, client, command, game, model, read  # noqa: F401 - fixtures

AGATHON, GUARDIAN, CULTIST = "p1-agathon", "p1-guardian-of-souls", "p1-cultist-band.1"
MADRAK = "p1-madrak-ironhide"
TABLE = Actor(role="table")


class Table:
    """One API game: sends commands at the version it last saw."""

    def __init__(self, http: TestClient, created: dict[str, Any]) -> None:
        self.client, self.game, self.version = http, created, created["version"]

    def send(self, **cmd: Any) -> dict[str, Any]:
        response = command(self.client, self.game, cmd, self.version)
        assert response.status_code == 200, response.text
        self.version = response.json()["version"]
        return response.json()["state"]

    def refused(self, code: str, **cmd: Any) -> None:
        assert_error(command(self.client, self.game, cmd, self.version), 422, code)
        assert read(self.client, self.game)["version"] == self.version

    def to_activation(self) -> None:
        while read(self.client, self.game)["state"]["phase"] != "activation":
            self.send(type="advance")


@pytest.fixture
def table(client: TestClient, game: dict[str, Any]) -> Table:  # noqa: F811 - the fixtures imported above
    return Table(client, game)


# -- the attack's paths ---------------------------------------------------------------------------------------

def test_a_horror_summoned_this_turn_is_refused_an_attack_through_the_api(table: Table) -> None:
    """doc 001 "Summoning": a summoned horror forfeits its combat action; the free strike stays allowed."""
    foreboder = next(c for c in table.client.get("/api/cards").json() if c["key"] == "foreboder")
    foreboder = {**foreboder, "damage": {**foreboder["damage"], "rings": [6, 4, 4]}}
    table.send(type="complete_card", card=foreboder)
    table.to_activation()
    table.send(type="activate", model=AGATHON)
    table.send(type="summon", master=AGATHON, vessel=CULTIST, horror_card=foreboder)
    table.send(type="activate", model="p1-foreboder-2")
    table.refused("summon.forfeit_combat", type="declare_attack", attacker="p1-foreboder-2",
                  target="p2-princess-regna")
    table.refused("summon.forfeit_combat", type="buy_attack", model="p1-foreboder-2")
    state = table.send(type="declare_attack", attacker="p1-foreboder-2", target="p2-princess-regna",
                       free_strike=True)
    assert state["attack"]["attacker"] == "p1-foreboder-2"


def test_after_running_nothing_more_is_accepted_through_the_api(table: Table) -> None:
    """doc 000 ruling: running ends the activation: heal, buy attack, boost and attacks are refused; ending
    the activation still works."""
    table.to_activation()
    table.send(type="mark_damage", model=AGATHON, amount=2)
    table.send(type="activate", model=AGATHON)
    table.send(type="run", model=AGATHON)
    table.refused("essence.ran", type="heal", master=AGATHON, target=AGATHON, points=1)
    table.refused("essence.ran", type="buy_attack", model=AGATHON)
    table.refused("essence.ran", type="boost", model=AGATHON, roll="attack")
    table.refused("attack.ran", type="declare_attack", attacker=AGATHON, target="p2-princess-regna")
    assert model(table.send(type="end_activation", model=AGATHON), AGATHON)["activation"] == "done"


def test_a_knocked_down_model_is_refused_every_attack_through_the_api_until_it_stands_up(table: Table) -> None:
    """Knocked down in its own activation, the Guardian of Souls makes no attack (initial, additional,
    free strike, a boosted one), and its attack option says why; standing up by giving up its movement
    (doc 002 "Activation Sequence", step 2) it attacks. Positive control: the same declaration, accepted."""
    table.to_activation()
    table.send(type="activate", model=GUARDIAN)
    table.send(type="add_effect", model=GUARDIAN, effect="knocked_down")
    for cmd in ({"type": "declare_attack", "attacker": GUARDIAN, "target": "p2-princess-regna"},
                {"type": "declare_attack", "attacker": GUARDIAN, "target": "p2-princess-regna", "free_strike": True},
                {"type": "buy_attack", "model": GUARDIAN}, {"type": "boost", "model": GUARDIAN, "roll": "attack"}):
        table.refused("knockdown.no_attack", **cmd)
    table.refused("knockdown.no_move", type="run", model=GUARDIAN)
    found = table.client.get(f"/api/games/{table.game['id']}/options/{GUARDIAN}",
                             params={"token": table.game["tokens"]["watch"]}).json()
    attack = next(o for o in found if o["action"] == "attack")
    assert (attack["allowed"], attack["code"], attack.get("command")) == (False, "knockdown.no_attack", None)
    assert attack["reason"].startswith("Guardian of Souls is knocked down: it cannot attack until it stands up")
    stand = next(o for o in found if o["action"] == "stand_up:movement")
    assert stand["allowed"] and stand["command"] == {"type": "stand_up", "model": GUARDIAN, "forfeit": "movement"}
    table.send(**stand["command"])
    table.refused("stand_up.movement_forfeited", type="run", model=GUARDIAN)
    state = table.send(type="declare_attack", attacker=GUARDIAN, target="p2-princess-regna")
    assert state["attack"]["attacker"] == GUARDIAN


def test_a_roll_already_recorded_cannot_be_boosted_through_the_api(table: Table) -> None:
    """doc 001 "ESSENCE: Boost": declared before the dice; after them it is refused and costs nothing."""
    table.to_activation()
    table.send(type="activate", model=AGATHON)
    table.send(type="declare_attack", attacker=AGATHON, target="p2-princess-regna")
    before = model(table.send(type="attack_roll", dice={"dice": [4, 4]}, hit=True), AGATHON)["essence"]
    table.refused("boost.after_roll", type="boost", model=AGATHON, roll="attack")
    assert model(table.send(type="boost", model=AGATHON, roll="damage"), AGATHON)["essence"] == before - 1


# -- damage typed in pauses ------------------------------------------------------------------------------------

def test_damage_typed_in_destroys_at_once_when_no_rule_in_play_acts_through_the_api(table: Table) -> None:
    """doc 002 "Damage Application": with no rule in play acting as it is disabled or boxed (no Tough), a model
    every box of which is marked is destroyed by the one command, and the turn goes on."""
    state = table.send(type="mark_damage", model=CULTIST, amount=1)
    assert state["attack"] is None and model(state, CULTIST)["status"] == "destroyed"
    table.send(type="advance")


def test_damage_typed_in_pauses_at_disabled_and_boxed_through_the_api(client: TestClient) -> None:  # noqa: F811
    """doc 002 "Damage Application": a model with Tough (Madrak Ironhide's card) every box of which is marked
    waits, disabled, then boxed; the turn does not move on until the players decide; then it is destroyed."""
    sides = [{"player": "Ann", "army": [{"card": "madrak-ironhide"}]}, {"player": "Bob", "army": [{"card": "agathon"}]}]
    created = client.post("/api/games", json={"title": "Tough", "sides": sides})
    assert created.status_code == 201, created.text
    table = Table(client, created.json())
    state = table.send(type="mark_damage", model=MADRAK, amount=18)
    attack = state["attack"]
    assert (attack["kind"], attack["attacker"], attack["step"], attack["pending"]) == (
        "damage", None, "disabled", [MADRAK])
    assert model(state, MADRAK)["status"] == "in_play"
    table.refused("anytime.mid_attack", type="advance")
    table.send(type="resolve_disabled", model=MADRAK)
    state = table.send(type="resolve_disabled", model=MADRAK, stage="boxed")
    assert state["attack"] is None and model(state, MADRAK)["status"] == "destroyed"


# -- upkeep --------------------------------------------------------------------------------------------------

def test_the_upkeep_step_waits_for_each_spell_through_the_api(table: Table) -> None:
    """doc 001 "Control Phase" step 4: each upkeep spell is paid for or let go before the turn moves on."""
    table.to_activation()
    table.send(type="activate", model=AGATHON)
    table.send(type="cast", model=AGATHON, spell="Arcane Shield", cost=2, upkeep=True)
    state = read(table.client, table.game)["state"]
    while (state["active"], state["step"]) != (0, "upkeep"):
        state = table.send(type="pay_tithe", horror=state["pending_tithe"][0]) if state["pending_tithe"] else \
            table.send(type="advance")
    table.refused("upkeep.pending", type="advance")
    # The last upkeep decided, nothing more to decide in the control phase: the turn moves on by itself.
    assert table.send(type="drop_upkeep", master=AGATHON, spell="Arcane Shield")["step"] == "activate"


# -- continuous effects ----------------------------------------------------------------------------------------

def test_the_continuous_step_waits_for_each_effect_through_the_api(table: Table) -> None:
    """doc 001 "The Infernal Turn", maintenance step 2: fire on a model is resolved (it expires, or it deals its
    damage) before the turn moves on; /options offers it to the players."""
    table.send(type="add_effect", model=AGATHON, effect="fire")
    state = read(table.client, table.game)["state"]
    while (state["round"], state["step"]) != (2, "continuous"):
        state = table.send(type="pay_tithe", horror=state["pending_tithe"][0]) if state["pending_tithe"] else \
            table.send(type="advance")
    table.refused("continuous.pending", type="advance")
    options = table.client.get(f"/api/games/{table.game['id']}/options/{AGATHON}",
                               headers={"X-Token": table.game["tokens"]["table"]}).json()
    assert next(o for o in options if o["action"] == "resolve_continuous:fire")["allowed"]
    table.send(type="resolve_continuous", model=AGATHON, effect="fire", expires=False, damage=1)
    assert table.send(type="advance")["phase"] == "control"


# -- a structure never moves ---------------------------------------------------------------------------------

def test_a_structure_is_refused_a_slam_or_trample_through_the_api(client: TestClient) -> None:  # noqa: F811
    """doc 001 "Fixed Position": the Infernal Gate cannot be moved: run, charge, slam and trample are refused
    alike; the Guardian of Souls, no structure, runs (positive control)."""
    army = [*GAME["sides"][0]["army"], {"card": "infernal-gate"}]
    created = client.post("/api/games", json={**GAME, "sides": [{"player": "Ann", "army": army},
                                                                GAME["sides"][1]]})
    assert created.status_code == 201, created.text
    table = Table(client, created.json())
    table.to_activation()
    table.send(type="activate", model="p1-infernal-gate")
    for kind in ("slam", "trample"):
        table.refused("structure.fixed", type="power_attack", model="p1-infernal-gate", kind=kind)
    table.refused("structure.fixed", type="run", model="p1-infernal-gate")
    table.send(type="activate", model=GUARDIAN)
    assert model(table.send(type="run", model=GUARDIAN), GUARDIAN)["act"]["ran"]


# -- setup applies the list rules ------------------------------------------------------------------------------

REGNA = {"card": "princess-regna"}


@pytest.mark.parametrize(("army", "code"), [
    ([REGNA, {"card": "tormentor", "battlegroup_of": 0}], "list.horror_weight"),
    ([REGNA, {"card": "foreboder", "battlegroup_of": 0}, {"card": "lamenter", "battlegroup_of": 0}],
     "list.too_many_horrors"),
    ([REGNA, REGNA], "list.fa_exceeded"),
])
def test_both_setup_routes_apply_the_list_rules(client: TestClient, army: list, code: str) -> None:  # noqa: F811
    """doc 000 "Master Infernalist" (one lesser or light horror) and field allowance: the new-game route and
    the setup command route refuse what the list builder refuses; a legal army starts (positive control)."""
    bad = {**GAME, "sides": [GAME["sides"][0], {"player": "Bob", "army": army}]}
    assert_error(client.post("/api/games", json=bad), 422, code)
    cards = {c["key"]: c for c in client.get("/api/cards").json()}
    setup = {"type": "setup", "title": "Start", "sides": bad["sides"],
             "cards": {e["card"]: cards[e["card"]] for s in bad["sides"] for e in s["army"]}}
    assert_error(client.post("/api/games/start", json={"command": setup}), 422, code)
    good = {**GAME, "sides": [GAME["sides"][0], {"player": "Bob", "army": [REGNA, {"card": "lamenter",
                                                                                     "battlegroup_of": 0}]}]}
    assert client.post("/api/games", json=good).status_code == 201


# -- Arcana in a setup-wizard game -------------------------------------------------------------------------------

def test_a_wizard_game_takes_arcana_only_before_deployment(new_service: Callable[[], GameService]) -> None:
    """doc 001 "Arcana": assigned before either player deploys; the wizard waits for them before deployment,
    and once the game has begun an assignment is refused."""
    service = new_service()
    setup = grymkin_wizard_setup()  # the Cage Rager as shipped: a game only fills in what a card leaves empty
    created = service.start(setup.model_copy(update={"cards": {**setup.cards,
                                                               "cage-rager": service.cards()["cage-rager"]}}))
    gid, version = created.game_id, created.version

    def send(*commands: Any) -> None:
        nonlocal version
        for c in commands:
            version = service.execute(gid, c, version, TABLE).version

    send(*to_clock_commands(), FinishSetupStep(), TickSetupTask(when="before", index=0))
    with pytest.raises(RuleViolation) as refusal:
        send(FinishSetupStep())
    assert refusal.value.code == "arcana.unassigned"
    send(AssignArcana(warlock=DREAMER, cards=("Trump of Dreams", "Ruin", "Labyrinth")),
         AssignArcana(warlock=WANDERER, cards=("Shroud", "Accursed", "Desolation")),
         FinishSetupStep(), FinishSetupStep(), StartGame())
    assert service.state(gid)[1].round == 1
    with pytest.raises(RuleViolation) as refusal:
        send(AssignArcana(warlock=WANDERER, cards=("Shroud", "Accursed", "Desolation")))
    assert refusal.value.code == "arcana.assigned"


# -- warband: a Stunned unit does nothing ------------------------------------------------------------------------

def test_a_stunned_unit_picks_up_no_treasure_through_the_service(new_service: Callable[[], GameService]) -> None:
    """doc 004 "Recover Step": a Stunned unit can do nothing; once normal again it picks the token up."""
    service = new_service()
    created = service.start(setup_command())
    gid, version = created.game_id, created.version
    for c in (SetCondition(unit=CAPTAIN, condition="stunned"), Next()):
        version = service.execute(gid, c, version, TABLE).version
    with pytest.raises(RuleViolation) as refusal:
        service.execute(gid, PickUp(unit=CAPTAIN), version, TABLE)
    assert refusal.value.code == "unit.stunned" and service.state(gid)[0] == version
    version = service.execute(gid, SetCondition(unit=CAPTAIN, condition="normal"), version, TABLE).version
    state = service.execute(gid, PickUp(unit=CAPTAIN), version, TABLE).state
    assert board(state).unit(CAPTAIN).carrying

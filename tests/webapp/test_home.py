"""The home page: it says what the app is for, offers a casual and a tournament path, lists the games this device
started with a way back in, and its quick form offers only what the list rules allow, shows points and keeps what was
typed across a reload. Through NiceGUI's simulated `user` (tests/webapp/conftest.py).
"""

from __future__ import annotations

from nicegui import ui
from nicegui.testing import User

from models.rules.warmachine.match import board
from tests.webapp.helpers import (
    choose,
    click,
    complete_pregame,
    elements,
    eventually,
    exists,
    fill,
    find,
    region,
    see,
    service,
    texts,
)


def offered(user: User, name: str) -> set[str]:
    return set(find(user, name, ui.select).options.values())


async def test_the_home_page_says_what_it_is_for_and_offers_two_paths(user: User) -> None:
    await user.open("/")
    await see(user, "Tablekeeper keeps score of a tabletop game as you play it")
    assert exists(user, "Casual game", ui.tab) and exists(user, "Tournament game from lists", ui.tab)
    header = elements(user, ui.header)[0]
    assert sum(t == "Tablekeeper" for t in texts(user, header)) == 1
    assert exists(user, "Warlord", ui.link) and exists(user, "Warband", ui.link)


async def test_the_battlegroup_offered_follows_the_caster(user: User) -> None:
    """doc 001 "Horrors", "Battlegroup Commander": horrors for an infernal master, warjacks for a warcaster,
    warbeasts for a warlock; each of the caster's faction."""
    await user.open("/")
    assert not exists(user, "Player 1 horror") and not exists(user, "Player 1 warjack or warbeast")
    choose(user, "Player 1 caster", "Agathon")
    assert {"Foreboder", "Tormentor", "Guardian of Souls"} <= offered(user, "Player 1 horror")
    assert not {"Cage Rager", "Charger"} & offered(user, "Player 1 horror")
    assert not exists(user, "Player 1 warjack or warbeast")
    choose(user, "Player 2 caster", "Captain Victoria Haley")
    jacks = offered(user, "Player 2 warjack or warbeast")
    assert "Charger" in jacks and not {"Cage Rager", "Foreboder", "Dire Troll Mauler"} & jacks
    assert not exists(user, "Player 2 horror")
    assert "Trencher Blockhouse" in offered(user, "Player 2 unit or solo")
    assert "Cultist Band" not in offered(user, "Player 2 unit or solo")
    choose(user, "Player 2 caster", "The Heretic")
    assert "Cage Rager" in offered(user, "Player 2 warjack or warbeast")
    assert "Charger" not in offered(user, "Player 2 warjack or warbeast")


async def test_a_full_battlegroup_or_field_allowance_is_no_longer_offered(user: User) -> None:
    """Reference README: Princess Regna starts with one lesser or light horror; the Umbral Guardian is FA 3."""
    await user.open("/")
    choose(user, "Player 2 caster", "Princess Regna")
    assert "Tormentor" not in offered(user, "Player 2 horror")  # heavy: not hers
    choose(user, "Player 2 horror", "Foreboder")
    click(user, "Add horror for player 2")
    await see(user, "Foreboder · 4 pts")
    assert offered(user, "Player 2 horror") == set()
    choose(user, "Player 1 caster", "Agathon")
    for _ in range(3):
        choose(user, "Player 1 unit or solo", "Umbral Guardian")
        click(user, "Add model for player 1")
    await eventually(lambda: "Umbral Guardian" not in offered(user, "Player 1 unit or solo"), "the FA to bite")


async def test_a_new_caster_drops_what_its_army_cannot_take_and_says_so(user: User) -> None:
    await user.open("/")
    choose(user, "Player 1 caster", "Agathon")
    choose(user, "Player 1 horror", "Tormentor")
    click(user, "Add horror for player 1")
    await see(user, "Tormentor · 12 pts")
    choose(user, "Player 1 caster", "Captain Victoria Haley")
    await see(user, "Player 1: removed Tormentor, which the new caster's army cannot take.")
    assert not exists(user, "Remove Tormentor")


async def test_points_are_shown_for_each_model_and_the_army(user: User) -> None:
    """doc 001 "Infernal Masters & Free Points": Agathon's +28 pays for his horrors; the band costs 7."""
    await user.open("/")
    choose(user, "Player 1 caster", "Agathon")
    choose(user, "Player 1 horror", "Tormentor")
    click(user, "Add horror for player 1")
    choose(user, "Player 1 unit or solo", "Cultist Band")
    choose(user, "Player 1 unit size", "6 models")
    click(user, "Add model for player 1")
    side = region(user, "Player 1")
    await see(user, "Cultist Band (6 models) · 7 pts", side)
    await see(user, "Tormentor · 12 pts", side)
    await see(user, "Army points: 7; battlegroup points 12 / 28", side)


async def test_the_quick_form_is_kept_across_a_reload_until_its_game_starts(user: User) -> None:
    await user.open("/")
    fill(user, "Game title", "Kept form")
    fill(user, "Player 1 name", "Ann")
    choose(user, "Player 1 caster", "Agathon")
    choose(user, "Player 1 horror", "Foreboder")
    click(user, "Add horror for player 1")
    fill(user, "Player 2 name", "Bob")
    choose(user, "Player 2 caster", "Princess Regna")
    await user.open("/")  # a reload
    assert find(user, "Game title", ui.input).value == "Kept form"
    assert find(user, "Player 1 name", ui.input).value == "Ann"
    assert find(user, "Player 1 caster", ui.select).value == "agathon"
    assert find(user, "Player 2 caster", ui.select).value == "princess-regna"
    assert exists(user, "Remove Foreboder")
    click(user, "Start game")
    assert await complete_pregame(user) == ["Ann"]  # the Foreboder's rings are asked before the game
    await see(user, "Ann's turn")
    await user.open("/")
    assert find(user, "Game title", ui.input).value == ""
    assert find(user, "Player 1 caster", ui.select).value is None


async def test_games_started_here_show_their_round_and_date_and_resume(user: User) -> None:
    await user.open("/")
    fill(user, "Game title", "Resumable")
    for seat, name, caster in ((1, "Ann", "Agathon"), (2, "Bob", "Princess Regna")):
        fill(user, f"Player {seat} name", name)
        choose(user, f"Player {seat} caster", caster)
    click(user, "Start game")
    await see(user, "Ann's turn")
    game_id = user.back_history[-1].split("/")[2]
    await user.open("/")
    mine = region(user, "Games started on this device")
    await see(user, "Resumable", mine)
    assert any("round 1" in t and "started " in t for t in texts(user, mine))
    click(user, "Resume Resumable")
    await eventually(lambda: user.back_history[-1].startswith(f"/table/{game_id}/"), "the table to open")
    assert service().state(game_id)[1].round == 1


async def test_a_faction_narrows_the_casters_offered(user: User) -> None:
    await user.open("/")
    assert {"Agathon", "Captain Victoria Haley"} <= offered(user, "Player 1 caster")
    choose(user, "Player 1 faction", "Cygnar")
    casters = offered(user, "Player 1 caster")
    assert "Captain Victoria Haley" in casters and "Agathon" not in casters
    choose(user, "Player 1 caster", "Captain Victoria Haley")
    choose(user, "Player 1 faction", "Infernals")
    assert find(user, "Player 1 caster", ui.select).value is None  # Haley is not an Infernals caster
    await user.open("/")  # the faction is kept too
    assert find(user, "Player 1 faction", ui.select).value == "Infernals"


async def test_the_quick_form_sets_each_side_up_in_its_theme_force(user: User) -> None:
    """Reference README, Infernals, "Theme forces": a theme is picked for an army of its faction and kept as the
    player's for the game; the form offers only what the theme allows and drops what it does not, saying so
    (Hearts of Darkness: only Princess Regna's lesser and light horrors)."""
    await user.open("/")
    fill(user, "Game title", "Themed")
    for seat, name, caster in ((1, "Ann", "Agathon"), (2, "Bob", "Princess Regna")):
        fill(user, f"Player {seat} name", name)
        choose(user, f"Player {seat} caster", caster)
    assert offered(user, "Player 1 theme force") == {"No theme", "Dark Legacy", "Hearts of Darkness"}
    choose(user, "Player 1 horror", "Guardian of Souls")
    click(user, "Add horror for player 1")
    choose(user, "Player 1 theme force", "Hearts of Darkness")
    await see(user, "Player 1: removed Guardian of Souls, which the new theme force cannot take.")
    assert "Guardian of Souls" not in offered(user, "Player 1 horror")
    choose(user, "Player 1 theme force", "Dark Legacy")
    choose(user, "Player 1 horror", "Guardian of Souls")
    click(user, "Add horror for player 1")
    click(user, "Start game")
    await see(user, "Ann's turn")
    game_id = user.back_history[-1].split("/")[2]
    players = service().state(game_id)[1].players
    assert [p.theme.key if p.theme else None for p in players] == ["dark-legacy", None]
    models = board(service().state(game_id)[1]).models
    assert [m.card for m in models if m.seat == 0] == ["agathon", "guardian-of-souls"]
    await see(user, "Theme force: Dark Legacy")

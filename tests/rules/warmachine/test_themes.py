"""Theme forces (models/rules/warmachine/themes.py): what a theme allows in an army, on every route that sets a
game up and in the list builder, and the effects applied in play.

Facts: reference README, Infernals, "Theme forces" (Dark Legacy: horrors pay no tithe on your first turn,
Infernal solos gain Reposition 3", one Cultist Band gains Ambush; Hearts of Darkness: warjacks gain
Accumulator [Soulless], the army may include Regna's lesser and light horrors); doc 000's Infernal index names
both themes; doc 001 "Tithe" for the tithe itself.
"""

import pytest

from models.catalog import shipped_cards, shipped_themes
from models.rules import GameState, RuleViolation, apply
from models.rules.core import Player
from models.rules.warmachine.activation import Activate, Run
from models.rules.warmachine.army_choices import choices, refusal
from models.rules.warmachine.list_checks import validate
from models.rules.warmachine.list_model import Army, ListEntry, parse_army
from models.rules.warmachine.list_text import export_text, parse_text
from models.rules.warmachine.match import board
from models.rules.warmachine.options import model_options
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.setup import ArmyEntry, SetupGame, Side
from models.rules.warmachine.themes import Reposition, find_theme, reminders
from models.rules.warmachine.tithe import PayTithe
from tests.rules.warmachine.game import (
    FOREBODER,
    GUARDIAN,
    PLAYER_1_ARMY,
    PLAYER_2_ARMY,
    REGNA_HORROR,
    refused,
    run,
    setup_command,
    to_step,
)
from tests.rules.warmachine.game import new_game as standard_game

CARDS = shipped_cards()
REGNA_ARMY = (ArmyEntry(card="agathon"), ArmyEntry(card="princess-regna"),
              ArmyEntry(card="foreboder", battlegroup_of=1))


def themed(theme_1: str | None = "dark-legacy", theme_2: str | None = None, army_1=PLAYER_1_ARMY,  # noqa: ANN001
           army_2=PLAYER_2_ARMY) -> SetupGame:
    command = setup_command(army_1, army_2)
    return command.model_copy(update={"sides": (command.sides[0].model_copy(update={"theme": theme_1}),
                                                command.sides[1].model_copy(update={"theme": theme_2}))})


def themed_game(**kw) -> GameState:  # noqa: ANN003
    state, _ = apply(GameState(), themed(**kw))
    return state


def setup_refusal(command: SetupGame) -> str:
    with pytest.raises(RuleViolation) as refusal:
        apply(GameState(), command)
    assert refusal.value.message
    return refusal.value.code


# -- Dark Legacy: no tithe on the first turn ---------------------------------------------------------------
def test_dark_legacy_horrors_pay_no_tithe_on_their_players_first_turn():
    """reference README, Theme forces: Dark Legacy's horrors pay no tithe on your first turn; the end of turn
    step (doc 001 "Tithe") asks nothing and the turn passes to the opponent."""
    state = themed_game()
    state, produced = apply(to_step(state, "activation", "activate"), Advance())
    for _ in range(10):
        if state.active == 1:
            break
        state, more = apply(state, Advance())
        produced = (*produced, *more)
    assert state.active == 1 and state.round == 1
    assert board(state).pending_tithe == ()
    assert board(state).model(GUARDIAN).essence == 4 and board(state).model(FOREBODER).in_play
    assert any(e.kind == "tithe.waived" for e in produced)
    assert not any(e.kind == "tithe.due" for e in produced)


def test_dark_legacy_horrors_pay_tithe_from_their_second_turn_on():
    """reference README, Theme forces: only the first turn is free; doc 001 "Tithe" applies from then on."""
    state = to_step(themed_game(), "end", "tithe", seat=0, round_no=2)
    assert set(board(state).pending_tithe) == {GUARDIAN, FOREBODER}


def test_dark_legacy_waives_only_its_own_players_tithe():
    """reference README, Theme forces: "your" first turn: the opponent without the theme pays as before."""
    state = to_step(themed_game(), "end", "tithe", seat=1)
    assert board(state).pending_tithe == (REGNA_HORROR,)


def test_without_a_theme_the_first_turn_tithe_is_due_as_before():
    """doc 001 "Tithe": at the end of each of its controller's turns (the positive control of the waiver)."""
    state = to_step(standard_game(), "end", "tithe")
    assert set(board(state).pending_tithe) == {GUARDIAN, FOREBODER}
    assert board(run(state, PayTithe(horror=GUARDIAN))).model(GUARDIAN).essence == 3


# -- what a theme allows ------------------------------------------------------------------------------------
def test_the_theme_is_kept_with_the_player():
    """reference README, Theme forces: the theme is the army's for the whole game."""
    state = themed_game(theme_1="dark-legacy", theme_2="hearts-of-darkness")
    assert [p.theme.key if p.theme else None for p in state.players] == ["dark-legacy", "hearts-of-darkness"]


def test_an_unknown_theme_is_refused_at_setup():
    """doc 000 Infernal index: the themes are Dark Legacy and Hearts of Darkness; no other is known."""
    assert setup_refusal(themed(theme_1="not-a-theme")) == "theme.unknown"


def test_a_theme_of_another_faction_is_refused():
    """doc 000 Infernal index: both themes are Infernal theme forces; a Grymkin army cannot take one."""
    warlock = next(c for c in CARDS.values() if c.faction == "Grymkin" and c.role == "warlock")
    army = Army(faction="Grymkin", theme="dark-legacy", entries=(ListEntry(card=warlock.key),))
    assert "theme.faction" in [p.code for p in validate(army, CARDS)]


def test_hearts_of_darkness_allows_only_regnas_lesser_and_light_horrors():
    """reference README, Theme forces: Hearts of Darkness may include Regna's lesser and light horrors (our
    reading: those are its only horrors), checked on every setup route as in the list builder."""
    assert setup_refusal(themed(theme_1="hearts-of-darkness")) == "theme.horror_not_allowed"
    state = themed_game(theme_1="hearts-of-darkness", army_1=REGNA_ARMY)
    assert state.players[0].theme is not None
    army = Army(theme="hearts-of-darkness", entries=(ListEntry(card="agathon"), ListEntry(card="tormentor",
                                                                                          battlegroup_of=0)))
    assert [p.code for p in validate(army, CARDS) if p.code.startswith("theme.")] == ["theme.horror_not_allowed"]
    assert not [p for p in validate(army.model_copy(update={"theme": None}), CARDS) if p.code.startswith("theme.")]


def test_a_dark_legacy_list_keeps_every_model_it_had():
    """reference README, Theme forces: Dark Legacy names no model it leaves out, so no list problem comes of it."""
    army = Army(theme="dark-legacy", entries=(ListEntry(card="agathon"), ListEntry(card="tormentor",
                                                                                   battlegroup_of=0)))
    assert [p for p in validate(army, CARDS) if p.code.startswith("theme.")] == []


def test_the_effects_the_app_cannot_track_are_reminders():
    """reference README, Theme forces: Ambush (deployment) and Accumulator (a rule the reference names without its
    text) are shown, not applied."""
    themes = shipped_themes()
    assert [e.key for e in reminders(themes["dark-legacy"])] == ["band_ambush"]
    assert [e.key for e in reminders(themes["hearts-of-darkness"])] == ["warjack_accumulator"]
    assert find_theme(None) is None


# -- lists and old games -----------------------------------------------------------------------------------
def test_a_lists_theme_survives_its_text_form():
    """The plain-text list carries the theme as a header line, read back by the import."""
    army = Army(title="Legacy", theme="dark-legacy", entries=(ListEntry(card="agathon"),))
    text = export_text(army, CARDS)
    assert "Theme: Dark Legacy" in text
    assert parse_text(text, CARDS).army.theme == "dark-legacy"
    assert parse_text("Theme: Nonsense\nAgathon", CARDS).unrecognised[0].reason == "not a known theme force"


def test_lists_and_games_from_before_themes_still_load():
    """A list or a player stored before themes existed has no theme and reads as none."""
    assert parse_army({"title": "Old", "faction": "Infernals", "size": 75, "entries": []}).theme is None
    assert Player.model_validate({"seat": 0, "name": "Ann"}).theme is None
    old = {"title": "t", "cards": {}, "sides": [{"player": "A", "army": []}, {"player": "B", "army": []}]}
    assert SetupGame.model_validate(old).sides[0] == Side(player="A", army=())


def test_a_quick_army_is_offered_only_what_its_theme_allows():
    """reference README, Theme forces: Hearts of Darkness's horrors are Princess Regna's lesser and light ones, so
    the one-pick-at-a-time form (army_choices.py) offers an infernal master no horror in that theme."""
    agathon = [ArmyEntry(card="agathon")]
    assert {c.key for c in choices(agathon, CARDS).battlegroup} >= {"tormentor", "foreboder"}
    assert choices(agathon, CARDS, "hearts-of-darkness").battlegroup == ()
    problem = refusal(agathon, CARDS, ArmyEntry(card="tormentor", battlegroup_of=0), "hearts-of-darkness")
    assert problem is not None and problem.code == "theme.horror_not_allowed"
    regna = [ArmyEntry(card="princess-regna")]
    assert {c.key for c in choices(regna, CARDS, "hearts-of-darkness").battlegroup} == {
        c.key for c in CARDS.values() if c.role == "horror" and c.weight in ("lesser", "light")}


# -- Dark Legacy: Reposition 3" for Infernal solos ----------------------------------------------------------------
SOLO = "p1-umbral-guardian"
SOLO_ARMY = (*PLAYER_1_ARMY, ArmyEntry(card="umbral-guardian"))


def solo_activated(theme: str | None = "dark-legacy") -> GameState:
    state = to_step(themed_game(theme_1=theme, army_1=SOLO_ARMY), "activation", "activate")
    return run(state, Activate(model=SOLO))


def test_a_dark_legacy_infernal_solo_repositions_and_its_activation_ends():
    """reference README, Theme forces: Dark Legacy's Infernal solos gain Reposition 3"; doc 000 ruling
    "Restrictions on Any Time abilities": Reposition ends the activation."""
    state, produced = apply(solo_activated(), Reposition(model=SOLO))
    assert board(state).model(SOLO).activation == "done"
    assert [e.kind for e in produced] == ["theme.repositioned"]
    assert any(o.action == "reposition" and o.allowed for o in model_options(solo_activated(), SOLO))


def test_a_solo_that_ran_cannot_reposition():
    """doc 000 ruling "Restrictions on Any Time abilities": after running ends the activation, nothing more."""
    assert refused(run(solo_activated(), Run(model=SOLO)), Reposition(model=SOLO)) == "theme.reposition_ran"


def test_only_a_dark_legacy_armys_infernal_solos_reposition():
    """reference README, Theme forces: the solos gain Reposition through the theme; without it, or for another
    model, it is refused (and not offered)."""
    assert refused(solo_activated(theme=None), Reposition(model=SOLO)) == "theme.no_reposition"
    assert not any(o.action == "reposition" for o in model_options(solo_activated(theme=None), SOLO))
    state = run(to_step(themed_game(army_1=SOLO_ARMY), "activation", "activate"), Activate(model=GUARDIAN))
    assert refused(state, Reposition(model=GUARDIAN)) == "theme.no_reposition"
    assert refused(to_step(themed_game(army_1=SOLO_ARMY), "activation", "activate"),
                   Reposition(model=SOLO)) == "activation.not_active"


def test_a_theme_force_offers_only_what_its_composition_names():
    """A theme force's army composition (the open roster's, as data): Dark Host takes Bane models, not a Cryx
    model no line names; a theme whose lines the app cannot all read refuses nothing for composition."""
    from models.catalog import shipped_cards
    from models.rules.warmachine.setup import ArmyEntry
    from models.rules.warmachine.themes import find_theme, theme_problems

    cards = shipped_cards()
    host = find_theme("dark-host")
    allowed = host.allowed_ids()
    bane = next(c for c in cards.values() if c.name == "Bane Knights")
    other = next(c for c in cards.values() if c.faction == "Cryx" and c.role == "unit" and c.card_id not in allowed)
    caster = next(c for c in cards.values() if c.faction == "Cryx" and c.role == "warcaster")
    entries = [ArmyEntry(card=caster.key), ArmyEntry(card=bane.key), ArmyEntry(card=other.key)]
    known = {i: cards[e.card] for i, e in enumerate(entries)}
    assert [(p.code, p.entry) for p in theme_problems(host, "Cryx", entries, known)] == [("theme.not_allowed", 2)]
    legacy = find_theme("dark-legacy")
    assert legacy.allowed_ids() is None

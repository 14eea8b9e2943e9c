"""Army lists: points, each validation rule, and the plain-text form (models/rules/warmachine/list_*.py).

Rules: doc 001 "Infernal Masters & Free Points", "Horrors" (Essence Manipulation battlegroups), "Arcana";
doc 000 "Master Infernalist"; field allowance as printed on the cards; reference README for the facts.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from models.catalog import shipped_cards, shipped_examples
from models.catalog.schema import Card, UnitInfo
from models.rules import GameState, RuleViolation, apply
from models.rules.warmachine.list_checks import validate
from models.rules.warmachine.list_model import Army, ListEntry, army_entries, canonical
from models.rules.warmachine.list_points import points
from models.rules.warmachine.list_text import export_text, parse_text
from models.rules.warmachine.match import board
from models.rules.warmachine.setup import SetupGame, Side

SHIPPED = shipped_cards()
WARLOCK = Card(key="test-warlock", name="Test Warlock", faction="Grymkin", role="warlock", battlegroup_points=27,
               trump="The Shadow", source="test")
OTHER_WARLOCK = Card(key="other-warlock", name="Other Warlock", faction="Grymkin", role="warlock",
                     battlegroup_points=25, trump="Ruin", source="test")
UNSURE_WARLOCK = Card(key="unsure-warlock", name="Unsure Warlock", faction="Grymkin", role="warlock",
                      battlegroup_points=25, source="test")
WARCASTER = Card(key="test-caster", name="Test Caster", faction="Infernals", role="warcaster",
                 battlegroup_points=30, source="test")
WARJACK = Card(key="test-jack", name="Test Jack", faction="Infernals", role="warjack", cost=10, fa="U", source="test")
SQUAD = Card(key="test-squad", name="Test Squad", faction="Infernals", role="unit", fa="2",
             unit=UnitInfo(costs={5: 8, 10: 14}, trooper_boxes=1), source="test")
CARDS = {**SHIPPED, **{c.key: c for c in (WARLOCK, OTHER_WARLOCK, UNSURE_WARLOCK, WARCASTER, WARJACK, SQUAD)}}


def army(*entries: ListEntry, size: int = 75, faction: str = "Infernals") -> Army:
    return Army(title="Test list", faction=faction, size=size, entries=entries)


def E(card: str, **kw) -> ListEntry:  # noqa: N802 - reads like a list line
    return ListEntry(card=card, **kw)


def codes(a: Army, cards=CARDS) -> list[str]:  # noqa: ANN001
    return [p.code for p in validate(a, cards)]


AGATHON_LIST = army(E("agathon"), E("tormentor", battlegroup_of=0), E("lamenter", battlegroup_of=0),
                    E("cultist-band", size=6), E("orin-midwinter", attached_to=3), E("umbral-guardian"))


def test_a_legal_list_has_no_problems():
    assert validate(AGATHON_LIST, CARDS) == []


# -- points -----------------------------------------------------------------------------------------------
def test_infernal_master_costs_no_points_and_grants_free_battlegroup_points():
    """doc 001 "Infernal Masters & Free Points": the master is free; +28 pays for its horrors."""
    total = points(AGATHON_LIST, CARDS)
    assert total.battlegroups[0].granted == 28 and total.battlegroups[0].spent == 19
    assert total.used == 7 + 4 + 6  # horrors paid by free points: the band, Orin, the Umbral Guardian


def test_unspent_free_points_are_lost():
    """doc 001: free points not spent on the master's battlegroup are lost, never moved to other models."""
    total = points(army(E("agathon"), E("foreboder", battlegroup_of=0), E("umbral-guardian")), CARDS)
    assert total.battlegroups[0].lost == 24
    assert total.used == 6


def test_free_points_pay_only_for_the_casters_own_battlegroup():
    """Regna's horror is in her battlegroup, not Agathon's: Agathon's free points do not pay for it."""
    a = army(E("agathon"), E("princess-regna"), E("foreboder", battlegroup_of=1))
    total = points(a, CARDS)
    assert total.battlegroups[0].spent == 0
    assert total.used == 6 + 4


def test_battlegroup_cost_above_the_free_points_costs_army_points():
    a = army(E("agathon"), E("tormentor", battlegroup_of=0), E("tormentor", battlegroup_of=0),
             E("shrieker", battlegroup_of=0))
    assert points(a, CARDS).used == 12 + 12 + 9 - 28


def test_unit_cost_depends_on_its_size():
    """Reference README: a Cultist Band costs 5 for 4 models and 7 for 6."""
    assert points(army(E("agathon"), E("cultist-band", size=4)), CARDS).used == 5
    assert points(army(E("agathon"), E("cultist-band", size=6)), CARDS).used == 7


def test_points_over_the_game_size_are_a_problem():
    a = army(E("agathon"), *[E("umbral-guardian") for _ in range(3)], E("infernal-gate"), size=25)
    assert points(a, CARDS).used == 30
    assert "list.over_points" in codes(a)
    problem = next(p for p in validate(a, CARDS) if p.code == "list.over_points")
    assert "30" in problem.message and "25" in problem.message


def test_game_size_is_25_50_75_or_100():
    assert "list.game_size" in codes(army(E("agathon"), size=60))
    for size in (25, 50, 75, 100):
        assert "list.game_size" not in codes(army(E("agathon"), size=size))


def test_a_list_needs_a_caster():
    assert "list.no_caster" in codes(army(E("umbral-guardian")))
    assert "list.no_caster" in codes(army(E("princess-regna")))  # a Master Infernalist does not lead a list


# -- battlegroups -----------------------------------------------------------------------------------------
def test_only_horrors_join_an_infernal_masters_battlegroup():
    """doc 001: free points can be spent only on horrors for the master's battlegroup."""
    a = army(E("agathon"), E("umbral-guardian", battlegroup_of=0))
    assert "list.battlegroup_model" in codes(a)
    assert points(a, CARDS).battlegroups[0].spent == 0  # the solo is not paid with free points


def test_a_horror_not_in_a_battlegroup_of_an_essence_manipulation_model():
    """doc 001 "Horrors": horrors begin the game in a battlegroup of a model with Essence Manipulation."""
    assert "list.horror_without_master" in codes(army(E("agathon"), E("tormentor")))
    assert "list.horror_without_master" in codes(army(E("test-caster"), E("tormentor", battlegroup_of=0)))
    assert "list.horror_without_master" in codes(army(E("agathon"), E("umbral-guardian"),
                                                      E("tormentor", battlegroup_of=1)))
    assert "list.horror_without_master" not in codes(army(E("agathon"), E("princess-regna"),
                                                          E("foreboder", battlegroup_of=1)))


def test_a_master_infernalist_with_more_horrors_than_she_may_control():
    """Reference README: Princess Regna may start with one lesser or light horror."""
    a = army(E("agathon"), E("princess-regna"), E("foreboder", battlegroup_of=1), E("foreboder", battlegroup_of=1))
    assert "list.too_many_horrors" in codes(a)


def test_a_master_infernalist_starts_only_with_lesser_or_light_horrors():
    a = army(E("agathon"), E("princess-regna"), E("tormentor", battlegroup_of=1))
    assert "list.horror_weight" in codes(a)
    assert "list.horror_weight" not in codes(army(E("agathon"), E("princess-regna"), E("lamenter", battlegroup_of=1)))


def test_warcasters_free_points_pay_for_warjacks():
    a = army(E("test-caster"), E("test-jack", battlegroup_of=0), E("test-jack", battlegroup_of=0),
             E("test-jack", battlegroup_of=0))
    assert points(a, CARDS).used == 0
    assert validate(a, CARDS) == []


def test_a_battlegroup_needs_a_caster_to_lead_it():
    assert "list.battlegroup_invalid" in codes(army(E("agathon"), E("umbral-guardian"),
                                                    E("test-jack", battlegroup_of=1)))


# -- field allowance --------------------------------------------------------------------------------------
def test_fa_character_allows_one_per_army():
    a = army(E("agathon"), E("princess-regna"), E("princess-regna"))
    assert "list.fa_exceeded" in codes(a)
    message = next(p.message for p in validate(a, CARDS) if p.code == "list.fa_exceeded")
    assert "character" in message


def test_fa_number_allows_that_many():
    """Reference README: the Umbral Guardian is FA 3."""
    assert "list.fa_exceeded" not in codes(army(E("agathon"), *[E("umbral-guardian")] * 3, size=100))
    assert "list.fa_exceeded" in codes(army(E("agathon"), *[E("umbral-guardian")] * 4, size=100))


def test_fa_counts_units_by_entry_not_by_model():
    assert "list.fa_exceeded" not in codes(army(E("agathon"), E("test-squad", size=10), E("test-squad", size=5)))
    assert "list.fa_exceeded" in codes(army(E("agathon"), *[E("test-squad", size=5)] * 3))


def test_fa_unlimited():
    many = [E("foreboder", battlegroup_of=0) for _ in range(10)]
    assert "list.fa_exceeded" not in codes(army(E("agathon"), *many, size=100))


def test_an_unknown_fa_is_not_checked():
    """The Wretch's FA is not in the reference: the app does not invent a limit."""
    assert SHIPPED["the-wretch"].fa is None
    assert "list.fa_exceeded" not in codes(army(E("agathon"), *[E("the-wretch")] * 5))


# -- attachments ------------------------------------------------------------------------------------------
def test_an_attachment_without_its_unit():
    assert "list.attachment_without_unit" in codes(army(E("agathon"), E("orin-midwinter")))


def test_an_attachment_joins_only_the_unit_its_card_names():
    assert "list.attachment_without_unit" in codes(army(E("agathon"), E("test-squad", size=5),
                                                        E("orin-midwinter", attached_to=1)))
    assert "list.attachment_without_unit" not in codes(army(E("agathon"), E("cultist-band", size=4),
                                                            E("dark-sentinel", attached_to=1)))


def test_lord_roget_joins_an_infernal_master_and_is_not_in_its_battlegroup():
    """doc 000 index, note (1): an infernal master attachment is not part of the battlegroup."""
    a = army(E("agathon"), E("lord-roget-dvyaros", attached_to=0))
    assert validate(a, CARDS) == []
    assert points(a, CARDS).used == 4 and points(a, CARDS).battlegroups[0].spent == 0
    assert "list.attachment_without_unit" in codes(army(E("agathon"), E("cultist-band", size=4),
                                                        E("lord-roget-dvyaros", attached_to=1)))


# -- incomplete cards, sizes, factions --------------------------------------------------------------------
def test_a_card_without_its_cost_asks_to_complete_the_card():
    a = army(E("agathon"), E("nicia"))
    problem = next(p for p in validate(a, CARDS) if p.code == "list.card_incomplete")
    assert "Nicia" in problem.message and "card editor" in problem.message
    assert points(a, CARDS).unknown == (1,)


def test_a_master_without_battlegroup_points_asks_to_complete_the_card():
    assert "list.card_incomplete" in codes(army(E("zaateroth")))


def test_a_unit_size_must_be_one_printed_on_its_card():
    assert "list.unit_size" in codes(army(E("agathon"), E("cultist-band", size=5)))


def test_a_model_of_another_faction():
    assert "list.faction" in codes(army(E("agathon"), E("trencher-blockhouse")))


def test_a_mercenary_may_join():
    card = SHIPPED["croes-cutthroats"].model_copy(update={"faction": "Mercenaries"})
    cards = {**CARDS, card.key: card}
    assert "list.faction" not in codes(army(E("agathon"), E("croes-cutthroats")), cards)


def test_an_unknown_card():
    assert "list.unknown_card" in codes(army(E("agathon"), E("no-such-card")))


# -- Grymkin arcana ---------------------------------------------------------------------------------------
def grymkin(*arcana: str, card: str = "test-warlock") -> Army:
    return army(E(card, arcana=arcana), faction="Grymkin")


def test_grymkin_warlock_needs_exactly_three_arcana():
    """doc 001 "Arcana": each warlock is assigned three Arcana cards."""
    assert "list.arcana_count" in codes(grymkin("The Shadow", "Accursed"))
    assert "list.arcana_count" in codes(grymkin("The Shadow", "Accursed", "Labyrinth", "Shroud"))
    assert codes(grymkin("The Shadow", "Accursed", "Labyrinth")) == []


def test_arcana_include_the_warlocks_trump():
    assert "list.arcana_no_trump" in codes(grymkin("Accursed", "Labyrinth", "Shroud"))


def test_a_list_may_name_the_two_arcana_besides_the_trump():
    """doc 001 "Arcana": three cards, its Trump and two others; the Trump is always one, so two others say all."""
    assert codes(grymkin("Accursed", "Labyrinth")) == []
    assert "list.arcana_count" in codes(grymkin("Accursed"))
    unsure = codes(grymkin("Accursed", "Labyrinth", card="unsure-warlock"))
    assert unsure == ["list.trump_unknown"]  # unknown facts only: the list is saved, submitted and started


def test_a_warlock_whose_trump_is_unknown_asks_to_complete_the_card():
    assert "list.trump_unknown" in codes(grymkin("Accursed", "Labyrinth", "Shroud", card="unsure-warlock"))


def test_no_arcana_card_twice_in_an_army():
    """doc 001: no duplicate Arcana cards are allowed within an army."""
    within = grymkin("The Shadow", "Accursed", "Accursed")
    assert "list.arcana_duplicate" in codes(within)
    across = army(E("test-warlock", arcana=("The Shadow", "Accursed", "Labyrinth")),
                  E("other-warlock", arcana=("Ruin", "Accursed", "Shroud")), faction="Grymkin")
    assert "list.arcana_duplicate" in codes(across)  # (two warlocks also break the one-caster rule)


def test_another_warlocks_trump_is_not_an_ordinary_arcana_card():
    assert "list.arcana_other_trump" in codes(grymkin("The Shadow", "Ruin", "Accursed"))


def test_an_unknown_arcana_card():
    assert "list.arcana_unknown" in codes(grymkin("The Shadow", "Accursed", "Made Up"))


def test_only_grymkin_warlocks_take_arcana():
    assert "list.arcana_not_allowed" in codes(army(E("agathon", arcana=("Accursed",))))


# -- text -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(shipped_examples()))
def test_every_shipped_example_round_trips_through_text(name: str):
    text = shipped_examples()[name]
    imported = parse_text(text, SHIPPED)
    assert imported.unrecognised == ()
    assert validate(imported.army, SHIPPED) == []
    assert export_text(imported.army, SHIPPED) == text


def test_export_then_import_gives_the_same_list():
    imported = parse_text(export_text(AGATHON_LIST, CARDS), CARDS)
    assert imported.army == canonical(AGATHON_LIST)
    assert imported.unrecognised == ()


def test_grymkin_arcana_round_trip():
    a = grymkin("The Shadow", "Accursed", "Fortune's Path")
    text = export_text(a, CARDS)
    assert "Arcana: The Shadow, Accursed, Fortune's Path" in text
    assert parse_text(text, CARDS).army == a


def test_import_keeps_known_names_and_lists_what_was_not_recognised():
    text = "Agathon, +28\n- Tormentor, 12\n- Gargantuan Thing, 40\nUmbral Guardian, 6\nTheme: Dark Heritage\n"
    imported = parse_text(text, SHIPPED)
    assert [e.card for e in imported.army.entries] == ["agathon", "tormentor", "umbral-guardian"]
    assert imported.army.entries[1].battlegroup_of == 0
    assert [u.line for u in imported.unrecognised] == ["- Gargantuan Thing, 40", "Theme: Dark Heritage"]


def test_import_reads_common_forum_variants():
    text = ("Infernals list\n\nAGATHON - WB: +28\n  * lamenter - PC: 7\n  * Shrieker, 9 pts\n"
            "cultist band (6), 7\nCultist Band - Leader & 3 Grunts: PC: 5\n"
            "Valin Hauke, the Fallen Knight, PC: 7\nGreat Princess Regna Gravnoy 6\n- Foreboder\n")
    imported = parse_text(text, SHIPPED)
    cards = [e.card for e in imported.army.entries]
    assert cards == ["agathon", "lamenter", "shrieker", "cultist-band", "cultist-band", "valin-hauke",
                     "princess-regna", "foreboder"]
    assert imported.army.entries[1].battlegroup_of == 0 and imported.army.entries[2].battlegroup_of == 0
    assert [e.size for e in imported.army.entries[3:5]] == [6, 4]
    assert imported.army.entries[7].battlegroup_of == 6
    assert [u.line for u in imported.unrecognised] == ["Infernals list"]


def test_import_refuses_a_huge_paste_as_a_whole():
    with pytest.raises(RuleViolation) as refusal:
        parse_text("x" * 100_000, SHIPPED)
    assert refusal.value.code == "list.text_too_long"


def test_import_of_junk_keeps_nothing_and_says_so():
    imported = parse_text("\n".join(f"junk line {n} ☠" for n in range(200)), SHIPPED)
    assert imported.army.entries == ()
    assert len(imported.unrecognised) == 200


def test_import_refuses_negative_and_huge_unit_sizes():
    imported = parse_text("Agathon\nCultist Band (-3 models), 5\nCultist Band (99 models), 5\n", SHIPPED)
    assert [e.card for e in imported.army.entries] == ["agathon"]
    assert all("1 to 20" in u.reason for u in imported.unrecognised)


def test_import_keeps_duplicate_arcana_so_validation_can_name_them():
    text = "Title: Two of a kind\nFaction: Grymkin\nTest Warlock, +27\n- Arcana: The Shadow, Ruin, Ruin\n"
    imported = parse_text(text, CARDS)
    assert imported.army.entries[0].arcana == ("The Shadow", "Ruin", "Ruin")
    assert "list.arcana_duplicate" in codes(imported.army)


def test_import_cuts_a_long_title_and_says_so():
    imported = parse_text("Title: " + "A" * 80 + "\nAgathon\n", SHIPPED)
    assert len(imported.army.title) == 60
    assert imported.unrecognised[0].reason.startswith("the name was cut")


def test_import_reads_a_bad_game_size_as_unrecognised():
    imported = parse_text("Game size: -50\nAgathon\n", SHIPPED)
    assert imported.army.size == 75
    assert "game size" in imported.unrecognised[0].reason


# -- from a list to the table -----------------------------------------------------------------------------
def test_a_list_puts_every_model_on_the_table_with_battlegroups_wired():
    a = army(E("umbral-guardian"), E("tormentor", battlegroup_of=2), E("agathon"), E("cultist-band", size=6),
             E("orin-midwinter", attached_to=3))
    entries = army_entries(a, CARDS)
    assert [e.card for e in entries] == ["umbral-guardian", "agathon", "tormentor", "cultist-band",
                                         "orin-midwinter"]
    assert entries[2].battlegroup_of == 1 and entries[3].size == 6
    used = {e.card for e in entries}
    state, _ = apply(GameState(), SetupGame(title="From lists", cards={k: SHIPPED[k] for k in used},
                                            sides=(Side(player="A", army=tuple(entries)),
                                                   Side(player="B", army=tuple(entries)))))
    tormentor = next(m for m in board(state).models if m.card == "tormentor" and m.seat == 0)
    assert board(state).model(tormentor.battlegroup).card == "agathon"
    assert sum(1 for m in board(state).models if m.card == "cultist-band" and m.seat == 0) == 6


# -- invariants -------------------------------------------------------------------------------------------
KEYS = sorted(CARDS)
entry_strategy = st.builds(
    ListEntry, card=st.sampled_from(KEYS), size=st.none() | st.integers(1, 20),
    battlegroup_of=st.none() | st.integers(0, 12), attached_to=st.none() | st.integers(0, 12),
    arcana=st.lists(st.sampled_from(["The Shadow", "Ruin", "Accursed", "Shroud"]), max_size=4).map(tuple))


@settings(max_examples=150, deadline=None)
@given(entries=st.lists(entry_strategy, max_size=12), size=st.sampled_from([25, 50, 75, 100, 30]))
def test_any_list_validates_and_round_trips_its_cards_without_error(entries, size):
    a = Army(title="Random", faction="Infernals", size=size, entries=tuple(entries))
    problems = validate(a, CARDS)
    assert all(p.code.startswith("list.") and p.message for p in problems)
    total = points(a, CARDS)
    assert total.used >= 0 or any(g.free_used for g in total.battlegroups)
    back = parse_text(export_text(a, CARDS), CARDS)
    assert sorted(e.card for e in back.army.entries) == sorted(e.card for e in a.entries)


# -- one caster, characters -------------------------------------------------------------------------------
def test_a_caster_is_a_character_even_when_its_card_prints_no_fa():
    """Mk III core rules: every warcaster, warlock and infernal master is a named character (FA C); Agathon's
    card in the catalog has no FA, yet a list with two Agathons is refused."""
    assert SHIPPED["agathon"].fa is None
    a = army(E("agathon"), E("agathon"))
    problem = next(p for p in validate(a, CARDS) if p.code == "list.fa_exceeded")
    assert "Agathon is a character" in problem.message


def test_a_list_has_one_warcaster_warlock_or_infernal_master():
    """doc 002, "Deathclock": the game is lost when the player's warcaster/warlock/infernal master is destroyed:
    one per army. A Master Infernalist is a solo and may join an infernal master's list."""
    assert "list.one_caster" in codes(army(E("agathon"), E("omodamos")))
    assert "list.one_caster" in codes(army(E("agathon"), E("test-caster")))
    assert "list.one_caster" not in codes(army(E("agathon"), E("princess-regna")))


def test_a_warbeast_never_joins_an_infernal_masters_battlegroup():
    """doc 001 "Horrors" / "Battlegroup Commander": an infernal master's battlegroup holds horrors only; a
    Grymkin Cage Rager set in Agathon's battlegroup is refused (and is not an Infernals model either)."""
    problems = validate(army(E("agathon"), E("cage-rager", battlegroup_of=0)), CARDS)
    assert {"list.battlegroup_model", "list.faction"} <= {p.code for p in problems}
    assert any("Only horrors can join Agathon's battlegroup" in p.message for p in problems)

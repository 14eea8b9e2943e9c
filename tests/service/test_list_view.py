"""What the list builder shows for a list and how its edits answer (models/service/list_view.py)."""

from __future__ import annotations

from models.catalog import shipped_cards
from models.rules.warmachine.list_model import Army, ListEntry
from models.service.list_view import UNSET, add_card, change_entry, list_view, remove_entry

CARDS = shipped_cards()
AGATHON = Army(title="Agathon", size=50, entries=(
    ListEntry(card="agathon"), ListEntry(card="tormentor", battlegroup_of=0), ListEntry(card="cultist-band", size=6),
    ListEntry(card="orin-midwinter", attached_to=2)))


def test_a_list_shows_its_points_battlegroup_points_and_that_it_is_legal():
    view = list_view(AGATHON, CARDS)
    assert (view.used, view.allowed, view.over) == (11, 50, False)
    assert view.battlegroups == ("Agathon: battlegroup points 12 / 28 (16 unspent, lost)",)
    assert view.problems == () and view.legal


def test_an_empty_list_shows_no_problem_and_is_not_called_legal():
    view = list_view(Army(), CARDS)
    assert view.problems == () and not view.legal and view.entries == ()


def test_each_entry_is_offered_the_picks_its_kind_takes():
    tormentor, band, orin = list_view(AGATHON, CARDS).entries[1:]
    assert tormentor.child and tormentor.battlegroup is not None and tormentor.battlegroup.value == 0
    assert tormentor.battlegroup.options == {UNSET: "No battlegroup", 0: "Agathon (line 1)"}
    assert band.models is not None and band.models.value == 6 and band.battlegroup is None
    assert orin.joins is not None and orin.joins.options == {UNSET: "Not attached", 2: "Cultist Band (line 3)"}
    assert orin.line == "Orin Midwinter, line 4"


def test_a_grymkin_warlock_is_offered_arcana():
    entry = list_view(Army(faction="Grymkin", entries=(ListEntry(card="the-heretic"),)), CARDS).entries[0]
    assert entry.arcana is not None and entry.arcana.options and entry.arcana.chosen == ()


def test_an_unknown_card_is_shown_by_its_key_with_nothing_to_pick():
    entry = list_view(Army(entries=(ListEntry(card="no-such-card"),)), CARDS).entries[0]
    assert (entry.name, entry.card, entry.battlegroup, entry.models) == ("no-such-card", None, None, None)


def test_an_added_card_joins_where_the_rules_put_it():
    edited = add_card(Army(entries=(ListEntry(card="agathon"),)), CARDS, "tormentor")
    assert edited.refusal is None and edited.view.army.entries[1].battlegroup_of == 0


def test_an_edit_the_rules_refuse_keeps_the_list_and_says_why():
    edited = change_entry(AGATHON, CARDS, 9, size=6)
    assert edited.refusal == "That line is not in the list any more." and edited.view.army == AGATHON


def test_unset_takes_an_entry_out_of_its_battlegroup():
    edited = change_entry(AGATHON, CARDS, 1, battlegroup_of=UNSET)
    assert edited.refusal is None and edited.view.army.entries[1].battlegroup_of is None


def test_removing_a_unit_leaves_its_attachment_unattached():
    edited = remove_entry(AGATHON, CARDS, 2)
    assert [e.attached_to for e in edited.view.army.entries] == [None, None, None]

"""The theme forces as the pages and the API show them (models/service/themes.py)."""

from __future__ import annotations

from models.catalog import shipped_themes
from models.service.themes import effect_notes, theme_choices, theme_forces, theme_summary


def test_an_effect_the_app_applies_is_told_apart_from_a_reminder():
    notes = {n.key: n.applied for n in effect_notes(shipped_themes()["dark-legacy"])}
    assert notes == {"no_first_turn_tithe": True, "solo_reposition": True, "band_ambush": False}


def test_every_theme_force_is_listed_with_its_notes():
    forces = {f.theme.key: f for f in theme_forces()}
    assert len(forces) == len(shipped_themes())
    assert forces["dark-legacy"].effects == effect_notes(shipped_themes()["dark-legacy"])


def test_a_list_is_offered_its_factions_theme_forces_after_no_theme():
    assert theme_choices("Infernals") == {"none": "No theme", "dark-legacy": "Dark Legacy",
                                          "hearts-of-darkness": "Hearts of Darkness"}


def test_no_theme_is_the_only_choice_before_the_faction_is_known():
    assert theme_choices(None) == {"none": "No theme"}


def test_a_themed_list_is_summed_up_by_its_name_and_effects():
    summary = theme_summary("dark-legacy") or ""
    assert summary.startswith("Theme force Dark Legacy: Horrors pay no tithe")
    assert theme_summary(None) is None and theme_summary("no-such-theme") is None

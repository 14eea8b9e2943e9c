"""What a model's card holds (models/service/views/warmachine.py: card_parts, tracker)."""

from models.rules.warmachine.match import board
from models.rules.warmachine.structures import REMINDERS
from models.service.views.warmachine import card_parts, tracker
from tests.rules.warmachine.game import AGATHON, FOREBODER, new_game
from tests.rules.warmachine.other_side.other_side_game import (
    BLITZ,
    BLOCK,
    CAST,
    DREAMER,
    UNIT,
    grymkin_game,
)
from tests.rules.warmachine.other_side.other_side_game import new_game as other_side_game


def _parts(state, model_id):
    return card_parts(state, board(state).model(model_id))


def test_a_master_tracks_essence_and_takes_soul_tokens():
    parts = _parts(new_game(), AGATHON)
    assert parts.tracker == "essence" and parts.soul_tokens


def test_a_horror_tracks_essence_but_takes_no_soul_tokens():
    parts = _parts(new_game(), FOREBODER)
    assert parts.tracker == "essence" and not parts.soul_tokens


def test_casters_and_warbeasts_track_focus_or_fury_and_a_warbeast_has_a_frenzy_panel():
    state = other_side_game()
    assert _parts(state, CAST).tracker == "points" and not _parts(state, CAST).frenzy
    assert _parts(state, BLITZ).tracker == "points" and _parts(state, BLITZ).frenzy


def test_a_structure_tracks_no_points_and_shows_its_reminders():
    state = other_side_game()
    parts = _parts(state, BLOCK)
    assert parts.tracker is None and parts.reminders == REMINDERS
    assert tracker(state, board(state).model(f"{UNIT}.0")) is None


def test_only_a_grymkin_warlock_has_an_arcana_panel():
    assert _parts(grymkin_game(), DREAMER).arcana
    assert not _parts(other_side_game(), CAST).arcana

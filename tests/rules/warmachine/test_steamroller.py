"""The Steamroller 2019 scenario list an organiser picks from (models/rules/warmachine/steamroller.py: names,
numbers and element counts from its cited SOURCE); any other name stays the organiser's own."""

from __future__ import annotations

from models.rules.warmachine.steamroller import SOURCE, STEAMROLLER, known, scenario_words


def test_the_pack_lists_six_scenarios_in_their_order_with_their_elements() -> None:
    assert SOURCE.startswith("https://")
    assert STEAMROLLER == ("King of the Hill", "Bunkers", "Spread the Net", "Invasion", "Anarchy", "Recon II")
    recon = known("Recon II")
    assert recon is not None and recon.number == 6
    assert recon.elements() == "2 rectangular zones, 2 flags, 2 objectives"


def test_a_name_is_found_in_any_case_and_spacing_and_an_organisers_own_shows_as_typed() -> None:
    assert scenario_words("  king  of the HILL ") == ("King of the Hill (scenario 1: 2 rectangular zones, 1 circular "
                                                      "zone, 1 flag, 2 objectives)")
    assert known("The Pit II") is None  # a 2017 scenario: no elements claimed for it
    assert scenario_words(" The Pit II ") == "The Pit II"
    assert scenario_words("") == ""

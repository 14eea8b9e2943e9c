"""Steamroller 2019 list pairs in the setup wizard (models/rules/warmachine/list_pairs.py): doc 002 "Game Setup",
"View each others lists, secretly choose one of your own, and then simultaneously reveal your choice"."""

from __future__ import annotations

from models.catalog.schema import Card
from models.rules import GameState, apply, seen_by
from models.rules.warmachine.list_pairs import ChooseFromPair, GiveListPair
from models.rules.warmachine.match import PairedList, board
from models.rules.warmachine.pregame import ChooseScenario, RevealLists
from models.rules.warmachine.setup import ArmyEntry
from tests.rules.warmachine.game import CARDS, refused, run, setup_command
from tests.rules.warmachine.tournament import CASTER_ARMY_2, PLAIN_ARMY_1, PLAIN_ARMY_2, wizard_game

REGNA_AND_HEAVY = (ArmyEntry(card="princess-regna"), ArmyEntry(card="tormentor", battlegroup_of=0))


def listed(name: str, army: tuple[ArmyEntry, ...], theme: str | None = None) -> PairedList:
    return PairedList(name=name, army=army, theme=theme)


def cards_of(*lists: PairedList) -> dict[str, Card]:
    return {e.card: CARDS[e.card] for lst in lists for e in lst.army}


def give(seat: int, first: PairedList, second: PairedList) -> GiveListPair:
    return GiveListPair(seat=seat, lists=(first, second), cards=cards_of(first, second))


ANN_PAIR = (listed("Agathon and cultists", PLAIN_ARMY_1), listed("Agathon alone", (ArmyEntry(card="agathon"),)))
BOB_PAIR = (listed("Regna", PLAIN_ARMY_2), listed("Agathon and Foreboder", CASTER_ARMY_2))


def pair_game() -> GameState:
    """A game set up for list pairs, at the wizard's lists step (the armies still empty)."""
    empty = setup_command((), ())
    command = empty.model_copy(update={"wizard": True, "pairs": True})
    state, _ = apply(GameState(), command)
    return run(state, ChooseScenario(name="Spread the Net"))


def both_given() -> GameState:
    return run(pair_game(), give(0, *ANN_PAIR), give(1, *BOB_PAIR))


def test_each_player_plays_the_list_they_chose_from_their_pair():
    """doc 002 "Game Setup": each player chooses one of their own lists; the chosen lists are the armies."""
    state = run(both_given(), ChooseFromPair(seat=0, index=1), ChooseFromPair(seat=1, index=0))
    assert sorted(m.id for m in board(state).models) == ["p1-agathon", "p2-princess-regna"]
    assert board(state).pregame is not None and board(state).pregame.lists == ("Agathon alone", "Regna")
    assert board(state).pregame.step == "objectives"
    assert set(board(state).cards) >= {"agathon", "princess-regna"}
    assert next(m for m in board(state).models if m.id == "p1-agathon").essence == CARDS["agathon"].stats.ESSENCE


def test_a_game_with_pairs_starts_with_no_army():
    """doc 002 "Game Setup": the lists are chosen during setup, after the scenario."""
    state = pair_game()
    assert board(state).models == () and board(state).pregame is not None and board(state).pregame.paired


def test_a_pair_game_is_set_up_in_the_wizard_with_empty_armies():
    """doc 002 "Game Setup": the choice belongs to setup; an army given up front would skip it."""
    with_army = setup_command().model_copy(update={"wizard": True, "pairs": True})
    assert refused(GameState(), with_army) == "pairs.setup"
    no_wizard = setup_command((), ()).model_copy(update={"pairs": True})
    assert refused(GameState(), no_wizard) == "pairs.setup"


def test_pairs_are_given_at_the_lists_step():
    """doc 002 "Game Setup": the scenario is chosen before the lists."""
    at_scenario, _ = apply(GameState(), setup_command((), ()).model_copy(update={"wizard": True, "pairs": True}))
    assert refused(at_scenario, give(0, *ANN_PAIR)) == "pregame.step"


def test_a_pair_is_sealed_until_both_pairs_are_given():
    """doc 002 "Game Setup": the lists are viewed together; the first pair's names are not told on its own."""
    state, events = apply(pair_game(), give(0, *ANN_PAIR))
    assert [e.kind for e in events] == ["pairs.given"]
    assert "Agathon" not in events[0].text and events[0].data == {"seat": 0}
    _, events = apply(state, give(1, *BOB_PAIR))
    assert [e.kind for e in events] == ["pairs.given", "pairs.shown"]
    assert "Agathon alone" in events[1].text and "Regna" in events[1].text


def test_no_choice_before_both_pairs_are_given():
    """doc 002 "Game Setup": each player views the other's lists before choosing."""
    state = run(pair_game(), give(0, *ANN_PAIR))
    assert refused(state, ChooseFromPair(seat=0, index=0)) == "pairs.waiting"


def test_a_choice_is_sealed_until_both_have_chosen():
    """doc 002 "Game Setup": the choice is secret and revealed together with the other's."""
    state, events = apply(both_given(), ChooseFromPair(seat=1, index=1))
    assert [e.kind for e in events] == ["pairs.chosen"] and events[0].data == {"seat": 1}
    assert "Foreboder" not in events[0].text
    assert board(state).models == () and board(state).pregame is not None and board(state).pregame.step == "lists"


def test_each_player_gives_one_pair_and_chooses_once():
    """doc 002 "Game Setup": one pair and one secret choice per player."""
    state = both_given()
    assert refused(state, give(0, *ANN_PAIR)) == "pairs.given"
    state = run(state, ChooseFromPair(seat=0, index=0))
    assert refused(state, ChooseFromPair(seat=0, index=1)) == "pairs.chosen"


def test_each_list_of_a_pair_is_checked_like_any_army():
    """doc 000 "Master Infernalist": Princess Regna starts with at most one lesser or light horror; a list of a
    pair breaking it is refused as the list builder and every setup route refuse it."""
    bad = listed("Regna and a Tormentor", REGNA_AND_HEAVY)
    assert refused(pair_game(), give(1, BOB_PAIR[0], bad)) == "list.horror_weight"


def test_a_list_of_a_pair_keeps_its_theme_rules():
    """reference README, Theme forces: Hearts of Darkness may include Regna's lesser and light horrors (our
    reading: those are its only horrors); a list of that theme with an infernal master's horror is refused."""
    agathon = (ArmyEntry(card="agathon"), ArmyEntry(card="tormentor", battlegroup_of=0))
    bad = listed("Hearts of Darkness Agathon", agathon, theme="hearts-of-darkness")
    assert refused(pair_game(), give(0, ANN_PAIR[0], bad)) == "theme.horror_not_allowed"


def test_the_chosen_lists_theme_is_the_players():
    """reference README, Theme forces: the army's theme force is kept with the player for its effects."""
    themed = listed("Dark Legacy Agathon", PLAIN_ARMY_1, theme="dark-legacy")
    state = run(pair_game(), give(0, themed, ANN_PAIR[1]), give(1, *BOB_PAIR),
                ChooseFromPair(seat=0, index=0), ChooseFromPair(seat=1, index=0))
    assert [p.theme.key if p.theme else None for p in state.players] == ["dark-legacy", None]


def test_the_two_lists_of_a_pair_have_different_names():
    """doc 002 "Game Setup": the players choose between two lists; two of one name could not be told apart."""
    twin = listed("agathon and CULTISTS", (ArmyEntry(card="agathon"),))
    assert refused(pair_game(), give(0, ANN_PAIR[0], twin)) == "pairs.same_name"


def test_an_unknown_card_in_a_pair_is_refused():
    """doc 002 "Game Setup": a list is made of known models; the app knows no card by that name."""
    ghost = listed("Ghost", (ArmyEntry(card="no-such-card"),))
    command = GiveListPair(seat=0, lists=(ANN_PAIR[0], ghost), cards=cards_of(ANN_PAIR[0]))
    assert refused(pair_game(), command) == "setup.unknown_card"


def test_pairs_belong_to_games_set_up_with_them():
    """doc 002 "Game Setup": a game set up with its lists reveals them; a pair game has no list to reveal."""
    plain = run(wizard_game(), ChooseScenario(name="Spread the Net"))
    assert refused(plain, give(0, *ANN_PAIR)) == "pairs.not_paired"
    assert refused(pair_game(), RevealLists()) == "pairs.reveal"



def test_a_reader_knows_the_others_pair_only_once_both_are_given():
    """doc 002 "Game Setup": the lists are viewed together. What a reader may know of the state (seen_by) holds
    the other side's pair back until both are given; its own pair, and the table's view, hold everything."""
    state = run(pair_game(), give(0, *ANN_PAIR))
    assert board(seen_by(state, 1)).pregame.pairs == (None, None)
    assert board(seen_by(state, None)).pregame.pair_cards == {}
    assert seen_by(state, 0) is state
    assert board(seen_by(run(state, give(1, *BOB_PAIR)), None)).pregame.pairs[0] is not None


def test_a_reader_knows_the_others_choice_only_once_both_have_chosen():
    """doc 002 "Game Setup": each chooses in secret; both are revealed together (seen_by)."""
    state = run(both_given(), ChooseFromPair(seat=0, index=1))
    assert board(seen_by(state, 1)).pregame.picks == (None, None)
    assert board(seen_by(state, None)).pregame.picks == (None, None)
    assert board(seen_by(state, 0)).pregame.picks == (1, None)
    revealed = run(state, ChooseFromPair(seat=1, index=0))
    assert seen_by(revealed, None) is revealed

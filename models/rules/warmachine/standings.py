"""An event's standings in Warmachine, its tournament hook's order (pure: the service reads each finished table's
result and passes it here).

Order: wins (tournament points: 1 for a win, 0 for a loss or a draw), then strength of schedule, then the game's
own tiebreakers of Steamroller 2019 summed over the player's games (../shared/reference/README.md "Steamroller 2019
figures"): control points, army points destroyed, army points in scenario elements. Players equal in all of these
keep their registration order (the order ``players`` is given in).

Strength of schedule is the sum of the tournament points of every opponent a player met. It is not in the
reference; the Steamroller documents name it as the first tiebreaker after tournament points, read in public
quotes of them (Steamroller 2014 quoted in "Fixing Strength of Schedule", discountgamesinc.com/dgiblog, and an
earlier edition quoted on privateerpressforums.com, thread 70784); the 2019 document itself was not found.

A bye counts as a win (the player was ready to play and had no opponent) and adds nothing else: no opponent to
count for strength of schedule, and no control points or army points, because no game was scored; inventing them
would rank a bye above a game played and won.
"""

from __future__ import annotations

from collections.abc import Sequence

from models.rules.tournament.standings import Finished, Standing


def standings(players: Sequence[str], games: Sequence[Finished]) -> list[Standing]:
    """Every player of ``players`` (registration order), best first, from the finished ``games``."""
    wins = dict.fromkeys(players, 0)
    opponents: dict[str, list[str]] = {p: [] for p in players}
    sums = {p: [0, 0.0, 0.0] for p in players}
    byes = dict.fromkeys(players, 0)
    for game in games:
        if game.winner in wins:
            wins[game.winner] += 1
        if game.b is None:
            if game.a in byes:  # a player no longer in the event (a deleted account) counts for nobody
                byes[game.a] += 1
            continue
        for side, (me, them) in enumerate(((game.a, game.b), (game.b, game.a))):
            if me not in sums:
                continue
            opponents[me].append(them)
            sums[me][0] += game.control_points[side]
            sums[me][1] += game.destroyed[side]
            sums[me][2] += game.elements[side]
    sos = {p: sum(wins.get(o, 0) for o in opponents[p]) for p in players}
    order = sorted(range(len(players)), key=lambda i: (
        -wins[players[i]], -sos[players[i]], -sums[players[i]][0], -sums[players[i]][1], -sums[players[i]][2], i))
    return [Standing(rank=n + 1, player=p, wins=wins[p], strength_of_schedule=sos[p],
                     control_points=int(sums[p][0]), army_points_destroyed=_number(sums[p][1]),
                     army_points_in_scenario_elements=_number(sums[p][2]),
                     played=len(opponents[p]) + byes[p], byes=byes[p])
            for n, p in enumerate(players[i] for i in order)]


def _number(value: float) -> float:
    return int(value) if float(value).is_integer() else value

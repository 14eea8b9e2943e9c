"""The Steamroller 2019 scenarios an organiser picks a round's from (Warmachine's tournament hook offers them), with
what each puts on the table; any other name may be typed (an organiser's own scenario, or one of another pack), and
is then shown without elements.

Names, numbers and element counts (rectangular zones of 6" x 12", circular zones of 12" across, flags, objectives)
are those of the Steamroller 2019 pack as the public scenario roller rollforscenario.com lists them (SOURCE, the
site's own data file). Only names and numbers are taken: what the app says about them is in its own words.
"""

from __future__ import annotations

from dataclasses import dataclass

from models.rules.warmachine.scenario import WINNING_LEAD

SOURCE = "https://github.com/michaelb081988/rollforscenario/blob/master/json/scenarios-2019.json"
SITE = "https://www.rollforscenario.com/"


@dataclass(frozen=True)
class Scenario:
    number: int
    name: str
    rectangular_zones: int = 0
    circular_zones: int = 0
    flags: int = 0
    objectives: int = 0

    def elements(self) -> str:
        """What the scenario puts on the table, in words: "2 rectangular zones, 1 circular zone, 1 flag"."""
        parts = ((self.rectangular_zones, "rectangular zone"), (self.circular_zones, "circular zone"),
                 (self.flags, "flag"), (self.objectives, "objective"))
        return ", ".join(f"{n} {what}{'s' if n > 1 else ''}" for n, what in parts if n)


STEAMROLLER_2019 = (
    Scenario(1, "King of the Hill", rectangular_zones=2, circular_zones=1, flags=1, objectives=2),
    Scenario(2, "Bunkers", rectangular_zones=2, flags=3, objectives=2),
    Scenario(3, "Spread the Net", rectangular_zones=2, circular_zones=1, flags=2),
    Scenario(4, "Invasion", rectangular_zones=1, circular_zones=2, objectives=2),
    Scenario(5, "Anarchy", circular_zones=2, flags=2, objectives=2),
    Scenario(6, "Recon II", rectangular_zones=2, flags=2, objectives=2),
)
STEAMROLLER = tuple(s.name for s in STEAMROLLER_2019)
_BY_NAME = {s.name.casefold(): s for s in STEAMROLLER_2019}


def known(name: str) -> Scenario | None:
    """The Steamroller 2019 scenario of that name (any case, spaces around ignored); None for any other name."""
    return _BY_NAME.get(" ".join((name or "").split()).casefold())


def scenario_words(name: str) -> str:
    """A scenario as a screen shows it: "Bunkers (scenario 2: 2 rectangular zones, 3 flags, 2 objectives)" for
    one of the pack, the name alone for an organiser's own ("" for none)."""
    found = known(name)
    if found is None:
        return (name or "").strip()
    return f"{found.name} (scenario {found.number}: {found.elements()})"


def scenario_lead(name: str) -> int:
    """The lead in control points a scenario win needs at the scenario of that name: every Steamroller 2019
    scenario is won 5 ahead (doc 002 "Game Ending": a win on scenario is 5 points up; reference README "Steamroller
    2019 figures"); an organiser's own scenario, whose rules the app does not know, only needs the winner ahead."""
    return WINNING_LEAD if known(name) is not None else 1

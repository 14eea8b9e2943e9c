"""The Steamroller scenarios an organiser picks a round's from; any other name may be typed (an organiser's own
scenario, or one of a later pack).

The names are those of the Steamroller 2017 pack, as Warmachine University's "LPG - Steamroller" page lists them
(SOURCE). That page shows each scenario's map, not its elements in words, so no element is given here: the app
never invents one. The 2019 pack's own list was not found on a public page.
"""

from __future__ import annotations

SOURCE = "https://warmachineuniversity.com/mw/index.php?title=LPG_-_Steamroller"
STEAMROLLER = ("The Pit II", "Stand Off", "Spread the Net", "Breakdown", "Outlast", "Recon II")

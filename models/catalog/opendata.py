"""The open data package's vocabulary (``warmahordes-opendata``): its name, faction slugs and roles, and the
catalog's words for them. Both the roster build (roster.py) and the theme reader (theme_parse.py) speak it."""

from __future__ import annotations

PACKAGE = "warmahordes-opendata"

# The package's faction slugs -> the faction names players read (the catalog's ``faction``).
FACTIONS: dict[str, str] = {
    "infernals": "Infernals", "crucible_guard": "Crucible Guard", "cygnar": "Cygnar",
    "protectorate": "Protectorate of Menoth", "khador": "Khador", "cryx": "Cryx",
    "retribution": "Retribution of Scyrah", "mercenaries": "Mercenaries", "convergence": "Convergence of Cyriss",
    "trollbloods": "Trollbloods", "circle": "Circle Orboros", "skorne": "Skorne", "legion": "Legion of Everblight",
    "minions": "Minions", "grymkin": "Grymkin",
}
# The package's roles -> the catalog's. A battle engine and a structure share the package's role
# ``engine_structure``; which one a model is stays a fact to cite (a facts record's ``role``), so until then it is
# a battle engine: the rules then track it without a structure's restrictions.
ROLES: dict[str, str] = {
    "warcaster": "warcaster", "warjack": "warjack", "warlock": "warlock", "warbeast": "warbeast",
    "infernal_master": "infernal_master", "horror": "horror", "unit": "unit", "solo": "solo",
    "engine_structure": "battle_engine",
}

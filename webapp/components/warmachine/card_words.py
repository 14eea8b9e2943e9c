"""A card's kind and cost in a player's words, shared by the catalog browser, the list builder and the card
editor."""

from __future__ import annotations

from models.catalog.schema import FREE_POINT_ROLES, Card, Spell, Weapon

ROLE_WORDS = {
    "infernal_master": "Infernal master", "master_infernalist": "Master Infernalist", "horror": "Horror",
    "warcaster": "Warcaster", "warjack": "Warjack", "warlock": "Warlock", "warbeast": "Warbeast",
    "unit": "Unit", "solo": "Solo", "structure": "Structure", "battle_engine": "Battle engine",
    "attachment": "Attachment",
}


def kind_words(card: Card) -> str:
    kind = ROLE_WORDS.get(card.role, card.role)
    if card.weight:
        kind = f"{card.weight.capitalize()} {kind.lower()}"
    if card.mercenary:
        kind += " (mercenary)"
    return kind


def cost_words(card: Card) -> str:
    if card.role in FREE_POINT_ROLES:
        bp = card.battlegroup_points
        return f"+{bp} battlegroup points" if bp is not None else "battlegroup points not known"
    if card.role == "unit":
        costs = card.unit.costs if card.unit else {}
        if not costs:
            return "not known"
        return ", ".join(f"{n} models: {c}" for n, c in sorted(costs.items()))
    return f"{card.cost} points" if card.cost is not None else "not known"


def weapon_words(w: Weapon) -> str:
    """A weapon's line as its card prints it: "Frostfang (melee): RNG 2, P+S 13"."""
    if w.melee:
        numbers = [f"RNG {w.rng}" if w.rng else "", f"P+S {w.ps}" if w.ps is not None else
                   (f"POW {w.pow}" if w.pow is not None else "")]
    else:
        numbers = [f"RNG {w.rng}" if w.rng else "", f"ROF {w.rof}" if w.rof else "",
                   f"AOE {w.aoe}" if w.aoe else "", f"POW {w.pow}" if w.pow is not None else ""]
    count = f"{w.count} × " if w.count > 1 else ""
    return f"{count}{w.name} ({'melee' if w.melee else 'ranged'}): " + (", ".join(n for n in numbers if n) or
                                                                       "numbers not known")


def spell_words(s: Spell) -> str:
    """A spell's line: "Arcane Shield: COST 2, RNG 6, upkeep"."""
    numbers = [f"COST {s.cost}" if s.cost is not None else "COST varies", f"RNG {s.rng}" if s.rng else "",
               f"AOE {s.aoe}" if s.aoe else "", f"POW {s.pow}" if s.pow is not None else "",
               "upkeep" if s.upkeep else (f"DUR {s.dur}" if s.dur else ""), "offensive" if s.off else ""]
    return f"{s.name}: " + ", ".join(n for n in numbers if n)

"""A card's kind and cost in a player's words, shared by the catalog browser, the list builder and the card
editor."""

from __future__ import annotations

from models.catalog.schema import FREE_POINT_ROLES, Card

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

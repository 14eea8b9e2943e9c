"""Saved army lists, their plain-text form, and starting a game from lists.

Lists belong to an owner: for anonymous visitors a per-browser id. The rules of a legal list are pure and
live in the ``list_*`` modules of :mod:`models.rules.warmachine`; this class stores, copies and converts.
Bad input raises :class:`RuleViolation` with a sentence for a player, and nothing is stored half-way.
"""

from __future__ import annotations

import copy
import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Engine

from models.catalog.schema import Card
from models.db.list_repository import ListRepository
from models.db.tables import ArmyList
from models.rules.core import RuleViolation
from models.rules.text import tidy
from models.rules.warmachine.army_rules import Problem
from models.rules.warmachine.builders import setup_game
from models.rules.warmachine.list_checks import blocking, validate
from models.rules.warmachine.list_model import TITLE_MAX, Army, army_entries, clean_title, parse_army
from models.rules.warmachine.list_points import Points, points
from models.rules.warmachine.list_text import Imported, export_text, parse_text
from models.rules.warmachine.match import PairedList
from models.rules.warmachine.setup import NAME_MAX, ArmyEntry
from models.service.cards import CardService
from models.service.errors import NotFound
from models.service.games import Created, GameService

OWNER_MAX = 64
LISTS_PER_OWNER = 200


@dataclass(frozen=True)
class SavedList:
    id: str
    title: str
    faction: str
    points: int
    army: Army
    updated: datetime


def _saved(row: ArmyList) -> SavedList:
    return SavedList(id=row.id, title=row.title, faction=row.faction, points=row.points,
                     army=parse_army(row.data), updated=row.updated)


def _owner(owner: str | None) -> str:
    if not owner or len(owner) > OWNER_MAX:
        raise RuleViolation("list.owner", "This browser has no id for saving lists; reload the page.")
    return owner


class ListService:
    """The lists of one owner, built from ``cards``: the player's cards (the site's catalog with their card book;
    without one, the site's catalog)."""

    def __init__(self, engine: Engine, games: GameService, cards: CardService | None = None) -> None:
        """Lists are stored through their own repository on ``engine``; games open through ``games``."""
        self.games = games
        self.card_service = cards if cards is not None else games.card_service
        self.repo = ListRepository(engine)

    def for_cards(self, cards: CardService) -> ListService:
        """This service for a player whose cards are ``cards`` (the site's catalog with their card book)."""
        mine = copy.copy(self)
        mine.card_service = cards
        return mine

    # -- the catalog -------------------------------------------------------------------------------------
    def cards(self) -> dict[str, Card]:
        return self.card_service.catalog()

    def check(self, army: Army) -> tuple[Points, list[Problem]]:
        cards = self.cards()
        return points(army, cards), validate(army, cards)

    # -- saved lists -------------------------------------------------------------------------------------
    def lists(self, owner: str) -> list[SavedList]:
        """This owner's lists, newest first (a list that no longer reads is left out, not fatal)."""
        out = []
        for row in self.repo.lists(_owner(owner)):
            try:
                out.append(_saved(row))
            except RuleViolation:
                continue
        return out

    def get(self, owner: str, list_id: str) -> SavedList:
        row = self.repo.get(_owner(owner), list_id)
        if row is None:
            raise NotFound(list_id, "That list is gone.")
        return _saved(row)

    def save(self, owner: str, army: Army | dict[str, Any], list_id: str | None = None) -> SavedList:
        """Store a list (new, or over this owner's list ``list_id``). A list with rule problems may be saved
        (work in progress); one naming unknown cards may not."""
        owner = _owner(owner)
        army = army if isinstance(army, Army) else parse_army(army)
        army = army.model_copy(update={"title": clean_title(army.title)})
        cards = self.cards()
        unknown = sorted({e.card for e in army.entries} - cards.keys())
        if unknown:
            raise RuleViolation("list.unknown_card", "These cards are not known on this site: "
                                                     + ", ".join(unknown)[:200] + ".")
        if list_id is None:
            list_id = secrets.token_hex(8)
        elif self.repo.get(owner, list_id) is None:
            raise NotFound(list_id, "That list is gone.")
        used = points(army, cards).used
        row = self.repo.put(owner, list_id, army.title, army.faction[:40], used, army.model_dump(mode="json"),
                            LISTS_PER_OWNER)
        if row is None:
            raise RuleViolation("list.too_many", f"You can keep at most {LISTS_PER_OWNER} lists; delete one first.")
        return _saved(row)

    def rename(self, owner: str, list_id: str, title: str) -> SavedList:
        saved = self.get(owner, list_id)
        army = saved.army.model_copy(update={"title": clean_title(title)})
        return self.save(owner, army, list_id)

    def duplicate(self, owner: str, list_id: str) -> SavedList:
        saved = self.get(owner, list_id)
        title = f"Copy of {saved.title}"
        if len(title) > TITLE_MAX:
            title = title[:TITLE_MAX].rstrip()
        return self.save(owner, saved.army.model_copy(update={"title": title}))

    def delete(self, owner: str, list_id: str) -> None:
        if not self.repo.delete(_owner(owner), list_id):
            raise NotFound(list_id, "That list is gone.")

    # -- text --------------------------------------------------------------------------------------------
    def export_text(self, army: Army) -> str:
        return export_text(army, self.cards())

    def import_text(self, text: str, faction: str | None = None) -> Imported:
        return parse_text(text or "", self.cards(), faction=faction)

    # -- games -------------------------------------------------------------------------------------------
    def start_game(self, title: str, sides: list[tuple[str, Army]], first: int = 0,
                   wizard: bool = False, command_id: str | None = None) -> Created:
        """Start a game with every model of two lists in play and battlegroups wired (in the setup wizard
        with ``wizard``), each side in its list's theme force. A list that breaks a rule is refused with its first
        problem; nothing is stored."""
        cards, origins = self.card_service.resolved()
        return self.games.start(setup_game(title, self.armies(sides), first, wizard, cards=cards, origins=origins,
                                           themes=[army.theme for _, army in sides]), command_id)

    def armies(self, sides: list[tuple[str, Army]]) -> list[tuple[str, list[ArmyEntry]]]:
        """The two lists as a game's armies; RuleViolation with the first problem of a list that breaks a rule
        (asked before the game starts, so the player is not asked for card facts of a list that cannot play)."""
        if len(sides) != 2:
            raise RuleViolation("list.two_sides", "A game needs two lists.")
        cards = self.cards()
        return [(player, _legal_entries(army, cards, f"{tidy(player)[:NAME_MAX] or f'Player {seat + 1}'}'s list"))
                for seat, (player, army) in enumerate(sides)]

    def paired_list(self, text: str) -> PairedList:
        """A list pasted as text for a Steamroller pair (list_pairs.py): every line recognised and the list
        legal, as a game's army with the list's title and theme."""
        cards = self.cards()
        imported = parse_text(text or "", cards)
        if imported.unrecognised:
            first = imported.unrecognised[0]
            raise RuleViolation("list.unrecognised", f"This line is not recognised: {first.line} ({first.reason}).")
        return self.paired(imported.army, "The list", cards)

    def paired(self, army: Army, whose: str, cards: dict[str, Card] | None = None) -> PairedList:
        """``army`` as one list of a Steamroller pair (its title, entries and theme); RuleViolation with its first
        problem when it is empty or breaks a rule (``whose`` names it in the message)."""
        cards = self.cards() if cards is None else cards
        return PairedList(name=army.title, army=tuple(_legal_entries(army, cards, whose)), theme=army.theme)


def _legal_entries(army: Army, cards: dict[str, Card], whose: str) -> list[ArmyEntry]:
    """``army`` as a game's entries; RuleViolation with its first problem when it is empty or breaks a rule."""
    if not army.entries:
        raise RuleViolation("list.empty", f"{whose} is empty.")
    problems = blocking(validate(army, cards))
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise RuleViolation("list.not_legal", f"{whose}: {problems[0].message}{more}")
    return army_entries(army, cards)

"""The community card book (DESIGN.md "Cards: where a fact comes from"): facts of the catalog's cards that signed-in
players entered from their own cards and published for everyone, with who, when, from what, how many other
accounts entered the same value, and whether a moderator checked it.

:meth:`CommunityBook.publish` is the one way in (the card editor, the fast entry screen, the API, a card pack):
a card checked as every stored card is (:func:`models.service.card_checks.checked`), split into facts
(models/catalog/card_facts.py), of which those the shipped card leaves empty are published. An account holds at
most one value per fact of a card: publishing again changes its own value (a new version); a different value of
another account is a second publication beside it, never a change of the first. Only the author or a moderator
changes a publication; a moderator checks, hides, shows and reverts. Every change is in the card's history.

:meth:`CommunityBook.resolved` gives the cards the book completes, each fact the value with the best standing
(checked by a moderator, then entered by the most accounts) with its :class:`FactOrigin`; two values that stand
level are both left to the player (the fact stays empty, so the pre-game screen asks).
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal

from pydantic import ValidationError
from sqlalchemy import Engine

from models.catalog import shipped_cards
from models.catalog.card_facts import (
    FACT_WORDS,
    VALUE_MAX,
    FactOrigin,
    canonical,
    card_facts,
    same,
    value_words,
    with_fact,
)
from models.catalog.schema import Card
from models.db.community_repository import CommunityRepository, Limit, Limited
from models.db.tables import CommunityChange, CommunityFact, now
from models.rules.core import RuleViolation
from models.service.card_checks import checked
from models.service.errors import CommunityError, Forbidden

SourceKind = Literal["card", "page", "pack"]
SOURCE_MAX = 200
LIMIT = Limit(window=timedelta(hours=1), most=1500, most_new=150, new_for=timedelta(days=1))
BOOK_TTL = 30.0  # seconds a process trusts its copy of the resolved book (another process may have published)
FORMER = "a former member"  # the name shown for a deleted account's publications
_PAGE = re.compile(r"^https?://[^\s<>\"']+$")


@dataclass(frozen=True)
class Source:
    """Where the published facts come from: the publisher's printed card, a page address or a card pack's name."""

    kind: SourceKind = "card"
    where: str = ""

    def checked(self) -> Source:
        where = " ".join(self.where.split())
        if self.kind not in ("card", "page", "pack"):
            raise CommunityError("community.source", "Say where the facts come from: your printed card, a page "
                                                     "address or a card pack.")
        if len(where) > SOURCE_MAX:
            raise CommunityError("community.source", f"A source is at most {SOURCE_MAX} characters.")
        if self.kind == "page" and not _PAGE.match(where):
            raise CommunityError("community.source", "A page source is the page's address (http:// or https://).")
        if self.kind == "pack" and not where:
            raise CommunityError("community.source", "Name the card pack the facts come from.")
        return Source(self.kind, where if self.kind != "card" else "")


def source_words(kind: str, where: str, by: str = "") -> str:
    """Where a fact comes from, in words ("her printed card" is not ours to guess: "their printed card")."""
    if kind == "page":
        return f"the page {where}"
    if kind == "pack":
        return f"the card pack {where}"
    return "their printed card" if not by else f"{by}'s printed card"


@dataclass(frozen=True)
class Publication:
    """One account's value of one fact, as everyone reads it (``value`` None for a reader who may not see a
    hidden one)."""

    id: int
    card_key: str
    fact: str
    label: str
    value: Any
    words: str
    author: str
    by: str
    source_kind: str
    source: str
    created: datetime
    updated: datetime
    version: int
    checked: bool
    hidden: bool
    agree: int  # other accounts whose visible publication has the same value

    @property
    def source_words(self) -> str:
        return source_words(self.source_kind, self.source)


@dataclass(frozen=True)
class Standing:
    """One value of a fact and the publications that give it, oldest first."""

    value: Any
    words: str
    publications: tuple[Publication, ...]

    @property
    def accounts(self) -> int:
        return len(self.publications)

    @property
    def checked(self) -> bool:
        return any(p.checked for p in self.publications)

    @property
    def first(self) -> Publication:
        return self.publications[0]

    def rank(self) -> tuple[bool, int]:
        return self.checked, self.accounts

    def origin(self) -> FactOrigin:
        p = self.first
        return FactOrigin(fact=p.fact, publication=p.id, version=p.version, by=p.by, source=p.source_words)

    def says(self) -> str:
        """"community: entered by Ann from their printed card, matched by 2 others, checked"."""
        p = self.first
        others = self.accounts - 1
        matched = f", matched by {others} other{'s' if others != 1 else ''}" if others else ""
        return (f"community: entered by {p.by} from {p.source_words}{matched}"
                + (", checked by a moderator" if self.checked else ""))


@dataclass(frozen=True)
class FactStanding:
    """Every visible value published for one fact of a card, best standing first, and the one a game uses (None
    when two stand level: the player picks)."""

    fact: str
    label: str
    shipped: Any
    values: tuple[Standing, ...]
    hidden: tuple[Publication, ...] = ()  # shown to moderators only

    @property
    def chosen(self) -> Standing | None:
        if not self.values:
            return None
        if len(self.values) > 1 and self.values[0].rank() == self.values[1].rank():
            return None
        return self.values[0]

    @property
    def disagreement(self) -> bool:
        return len(self.values) > 1


@dataclass(frozen=True)
class CommunityCard:
    """A catalog card with its community facts: the shipped card, every fact's standing, and the card the book
    completes (``resolved``) with the origin of each fact it filled."""

    key: str
    shipped: Card
    facts: tuple[FactStanding, ...]
    resolved: Card
    origins: tuple[FactOrigin, ...]

    def says(self, origins: Iterable[FactOrigin] | None = None) -> str:
        """What a list or the pre-game screen says of this card's community facts, in one line ("community:
        entered by Ann from their printed card, matched by 2 others"); "" when it has none. ``origins``: the facts
        a player takes from the book (default: all it completes; their own card book may give the others)."""
        used = {o.publication for o in (self.origins if origins is None else origins)}
        chosen = [s for f in self.facts if (s := f.chosen) is not None and s.first.id in used]
        level = [f.label for f in self.facts if f.values and f.chosen is None]
        parts: list[str] = []
        if chosen:
            authors = sorted({s.first.by for s in chosen})
            sources = sorted({s.first.source_words for s in chosen})
            others = min(s.accounts for s in chosen) - 1
            words = f"community: entered by {', '.join(authors)} from {' and '.join(sources)}"
            if others:
                words += f", matched by {others} other{'s' if others != 1 else ''}"
            if all(s.checked for s in chosen):
                words += ", checked by a moderator"
            parts.append(words)
        if level:
            parts.append("community values disagree, pick one: " + ", ".join(level))
        return "; ".join(parts)


@dataclass(frozen=True)
class Change:
    """One line of a card's history."""

    id: int
    publication: int
    fact: str
    label: str
    version: int
    action: str
    by: str
    at: datetime
    words: str  # the value after the change ("" when it did not change the value or is hidden from the reader)
    note: str


@dataclass(frozen=True)
class Published:
    """What one publication did, fact by fact: (label, "published" / "changed" / "unchanged", words)."""

    card: Card
    facts: tuple[tuple[str, str, str], ...]
    ids: tuple[int, ...]

    def words(self) -> str:
        done = [f"{label} {action}" for label, action, _ in self.facts if action != "unchanged"]
        if not done:
            return f"{self.card.name}: the community book has these values from you already."
        return f"{self.card.name}: " + ", ".join(done) + "."


def _wait_words(lifts: datetime) -> str:
    minutes = max(1, round((lifts - now()).total_seconds() / 60))
    return f"{minutes} minute{'s' if minutes != 1 else ''}"


class CommunityBook:
    """The community card book of one server process (``CardService.community``)."""

    def __init__(self, engine: Engine) -> None:
        self.repo = CommunityRepository(engine)
        self._lock = threading.Lock()
        self._resolved: list[tuple[float, dict[str, CommunityCard]]] = []

    # -- publishing ----------------------------------------------------------------------------------------
    def publish(self, account_id: str, card: Card | dict[str, Any], source: Source = Source(),
                facts: Iterable[str] | None = None) -> Published:
        """Publish the facts ``card`` (a catalog card as the player completed it) gives beyond the shipped card,
        or only those of ``facts``, as the account's, from ``source``. Refused in words (RuleViolation for a card
        that does not pass the card checks, CommunityError otherwise) with nothing stored."""
        where = source.checked()
        if isinstance(card, dict) and card.get("key") not in shipped_cards():
            raise self._not_catalog(str(card.get("name") or card.get("key") or "That card")[:60])
        done = checked(card)
        shipped = shipped_cards().get(done.key)
        if shipped is None:
            raise self._not_catalog(done.name)
        given = card_facts(shipped)
        wanted = set(FACT_WORDS) if facts is None else set(facts)
        values = {f: v for f, v in card_facts(done).items() if f in wanted and not same(v, given.get(f))}
        if not values:
            raise CommunityError("community.nothing_new", f"{done.name}: your card gives no fact beyond what the "
                                                          "catalog gives: nothing to publish.")
        for fact, value in values.items():
            if len(canonical(value)) > VALUE_MAX:
                raise CommunityError("community.too_big", f"{done.name}, {FACT_WORDS[fact]}: a fact is at most "
                                                          f"{VALUE_MAX} characters.")
        try:
            written = self.repo.publish(account_id, done.key, values, where.kind, where.where, LIMIT)
        except Limited as limited:
            new = " while it is new" if limited.most == LIMIT.most_new else ""
            raise CommunityError("community.too_many", f"An account may publish at most {limited.most} facts an "
                                 f"hour{new}, and these would be more: try again in "
                                 f"{_wait_words(limited.lifts)}.") from None
        self.forget()
        return Published(done, tuple((FACT_WORDS[w.row.fact], w.action, value_words(w.row.fact, w.row.value))
                                     for w in written), tuple(w.row.id for w in written if w.row.id is not None))

    @staticmethod
    def _not_catalog(name: str) -> CommunityError:
        return CommunityError("community.not_catalog", f"{name} is not a card of the catalog: only the catalog's "
                                                       "cards have community facts (keep your own cards in your "
                                                       "card book, or share them as a card pack).")

    # -- authors' and moderators' changes -------------------------------------------------------------------
    def is_moderator(self, account_id: str | None) -> bool:
        return bool(account_id) and self.repo.is_moderator(account_id or "")

    def _own_or_moderated(self, account_id: str, fact_id: int, moderator_only: bool = False) -> CommunityFact:
        row = self.repo.fact(fact_id)
        moderator = self.is_moderator(account_id)
        if row is None or (row.hidden and not moderator):
            raise CommunityError("community.no_fact", "The community book has no such publication.")
        if moderator:
            return row
        if moderator_only:
            raise Forbidden("Only a moderator of the community card book can do this.")
        if row.author != account_id:
            author = self.repo.names([row.author]).get(row.author, FORMER)
            raise Forbidden(f"Only {author}, who entered this value, or a moderator can change it: publish your own "
                            "value instead, and it is listed beside theirs.")
        return row

    def change(self, account_id: str, fact_id: int, value: Any) -> Publication:
        """The author (or a moderator) gives their publication a new value: its next version, unchecked again."""
        row = self._own_or_moderated(account_id, fact_id)
        shipped = shipped_cards()[row.card_key]
        try:
            card = checked(with_fact(shipped, row.fact, value))
        except ValidationError as error:
            raise RuleViolation("cards.malformed", f"{shipped.name}, {FACT_WORDS[row.fact]}: this is not a value "
                                f"of that fact ({error.errors()[0]['msg'].lower()}).") from None
        new = card_facts(card).get(row.fact)
        if new is None or same(new, card_facts(shipped).get(row.fact)):
            raise CommunityError("community.nothing_new", f"{shipped.name}: the catalog gives that "
                                                          f"{FACT_WORDS[row.fact]} already.")
        if same(new, row.value):
            raise CommunityError("community.same_value", "That is the value the publication has already.")
        return self._after(self.repo.change(fact_id, account_id, "changed", value=new), account_id)

    def check(self, account_id: str, fact_id: int, checked_now: bool = True) -> Publication:
        """A moderator marks a publication's value checked against a card (or takes the mark back)."""
        self._own_or_moderated(account_id, fact_id, moderator_only=True)
        return self._after(self.repo.change(fact_id, account_id, "checked" if checked_now else "unchecked",
                                            checked=checked_now), account_id)

    def hide(self, account_id: str, fact_id: int, hidden: bool = True, note: str = "") -> Publication:
        """A moderator hides a publication from everyone but moderators (or shows it again)."""
        self._own_or_moderated(account_id, fact_id, moderator_only=True)
        return self._after(self.repo.change(fact_id, account_id, "hidden" if hidden else "shown", hidden=hidden,
                                            note=" ".join(note.split())[:200]), account_id)

    def revert(self, account_id: str, fact_id: int, version: int) -> Publication:
        """A moderator gives a publication back the value it had at ``version`` (its next version)."""
        row = self._own_or_moderated(account_id, fact_id, moderator_only=True)
        values = [c.value for c in self.repo.changes(fact_id) if c.version == version and c.value is not None]
        if not values or version >= row.version:
            raise CommunityError("community.no_version", f"This publication had no earlier version {version}.")
        if same(values[-1], row.value):
            raise CommunityError("community.same_value", "That is the value the publication has already.")
        return self._after(self.repo.change(fact_id, account_id, "reverted", value=values[-1],
                                            note=f"back to version {version}"), account_id)

    def _after(self, row: CommunityFact | None, reader: str) -> Publication:
        if row is None or row.id is None:
            raise CommunityError("community.no_fact", "The community book has no such publication.")
        self.forget()
        return self.publication(row.id, reader)

    # -- reading -------------------------------------------------------------------------------------------
    def publication(self, fact_id: int, reader: str | None = None) -> Publication:
        row = self.repo.fact(fact_id)
        if row is None or (row.hidden and not self.is_moderator(reader)):
            raise CommunityError("community.no_fact", "The community book has no such publication.")
        rows = self.repo.facts(row.card_key)
        return next(p for p in self._publications(rows, self.repo.names(r.author for r in rows), rows)
                    if p.id == fact_id)

    @staticmethod
    def _publications(rows: Sequence[CommunityFact], names: Mapping[str, str],
                      visible: Sequence[CommunityFact]) -> list[Publication]:
        counts: dict[tuple[str, str], int] = defaultdict(int)
        for r in visible:
            if not r.hidden:
                counts[(r.fact, canonical(r.value))] += 1
        out: list[Publication] = []
        for r in rows:
            assert r.id is not None
            key = (r.fact, canonical(r.value))
            out.append(Publication(
                id=r.id, card_key=r.card_key, fact=r.fact, label=FACT_WORDS.get(r.fact, r.fact), value=r.value,
                words=value_words(r.fact, r.value), author=r.author, by=names.get(r.author, FORMER),
                source_kind=r.source_kind, source=r.source, created=r.created, updated=r.updated,
                version=r.version, checked=r.checked_by is not None, hidden=r.hidden,
                agree=counts[key] - (0 if r.hidden else 1)))
        return out

    def card(self, key: str, reader: str | None = None) -> CommunityCard:
        """One catalog card's community facts as ``reader`` sees them (hidden ones for moderators only)."""
        shipped = shipped_cards().get(key)
        if shipped is None:
            raise self._not_catalog(key[:64])
        rows = self.repo.facts(key)
        return self._card(shipped, rows, self.repo.names(r.author for r in rows), self.is_moderator(reader))

    def _card(self, shipped: Card, rows: Sequence[CommunityFact], names: Mapping[str, str],
              moderator: bool = False) -> CommunityCard:
        publications = self._publications(rows, names, rows)
        given = card_facts(shipped)
        by_fact: dict[str, list[Publication]] = defaultdict(list)
        for p in publications:
            by_fact[p.fact].append(p)
        facts: list[FactStanding] = []
        for fact in FACT_WORDS:
            if fact not in by_fact:
                continue
            groups: dict[str, list[Publication]] = defaultdict(list)
            for p in by_fact[fact]:
                if not p.hidden:
                    groups[canonical(p.value)].append(p)
            values = sorted((Standing(ps[0].value, ps[0].words, tuple(sorted(ps, key=lambda p: p.created)))
                             for ps in groups.values()),
                            key=lambda s: (not s.checked, -s.accounts, s.first.created))
            hidden = tuple(p for p in by_fact[fact] if p.hidden) if moderator else ()
            facts.append(FactStanding(fact, FACT_WORDS[fact], given.get(fact), tuple(values), hidden))
        resolved, origins = shipped, []
        for f in facts:
            chosen = f.chosen
            if chosen is None:
                continue
            try:
                resolved = checked(with_fact(resolved, f.fact, chosen.value))
            except (RuleViolation, ValidationError):  # the catalog came to give the fact since: it wins
                continue
            origins.append(chosen.origin())
        return CommunityCard(shipped.key, shipped, tuple(facts), resolved, tuple(origins))

    def history(self, key: str, reader: str | None = None) -> list[Change]:
        """Every change of the card's community facts, newest first (a hidden publication's values for
        moderators only)."""
        rows = {r.id: r for r in self.repo.facts(key)}
        changes = self.repo.history(key)
        names = self.repo.names([c.by for c in changes])
        moderator = self.is_moderator(reader)
        return [_change(c, rows[c.fact_id], names, moderator) for c in reversed(changes)]

    def resolved(self) -> dict[str, CommunityCard]:
        """Every catalog card the community book has visible facts for, by key (read again every BOOK_TTL
        seconds, and at once after a change in this process)."""
        with self._lock:
            if self._resolved and time.monotonic() - self._resolved[0][0] <= BOOK_TTL:
                return self._resolved[0][1]
        rows = [r for r in self.repo.facts() if not r.hidden]
        names = self.repo.names(r.author for r in rows)
        by_card: dict[str, list[CommunityFact]] = defaultdict(list)
        for r in rows:
            by_card[r.card_key].append(r)
        shipped = shipped_cards()
        book = {key: self._card(shipped[key], facts, names) for key, facts in sorted(by_card.items())
                if key in shipped}
        with self._lock:
            self._resolved[:] = [(time.monotonic(), book)]
        return book

    def forget(self) -> None:
        with self._lock:
            self._resolved.clear()

    # -- card packs -----------------------------------------------------------------------------------------
    def export_pack(self) -> str:
        """The community book as a card pack (format ``tablekeeper-cards``, version 2): each card as the book
        completes it, with the origin of every fact it took from the book, for a tablet with no site to import."""
        cards = [{**c.resolved.model_dump(mode="json", exclude_none=True),
                  "origins": [o.model_dump(mode="json") for o in c.origins]}
                 for _, c in sorted(self.resolved().items()) if c.origins]
        return json.dumps({"format": "tablekeeper-cards", "version": 2, "community": True, "cards": cards},
                          indent=1, ensure_ascii=False) + "\n"

    # -- coverage ------------------------------------------------------------------------------------------
    def coverage(self) -> dict[str, int]:
        """How many catalog cards the book has facts for, how many it completes for play, and how many facts
        two or more accounts agree on or a moderator checked."""
        book = self.resolved()
        facts = [f for c in book.values() for f in c.facts]
        return {"cards": len(book), "facts": len(facts),
                "agreed": sum(1 for f in facts if (c := f.chosen) is not None and (c.accounts > 1 or c.checked)),
                "disagreements": sum(1 for f in facts if f.disagreement)}


def _change(c: CommunityChange, row: CommunityFact, names: Mapping[str, str], moderator: bool) -> Change:
    assert c.id is not None
    shown = c.value is not None and (moderator or not row.hidden)
    return Change(id=c.id, publication=c.fact_id, fact=row.fact, label=FACT_WORDS.get(row.fact, row.fact),
                  version=c.version, action=c.action, by=names.get(c.by, FORMER), at=c.at,
                  words=value_words(row.fact, c.value) if shown else "", note=c.note)


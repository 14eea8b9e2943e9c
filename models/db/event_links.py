"""An event's links made anew (links that end): when someone stops running the event (a removed co-organiser, a
deleted organiser's account), every link the organisers were shown (each game's table and watch links, the
organisers' copy of each seat's link, the event's venue sign-up link) is replaced and the old ones stop opening
anything, in the caller's transaction. A player's own seat link (kept apart from the organisers' copy since it was
handed out) stays.

The pairing's ``links`` hold the organisers' set (``title``, ``table``, ``watch``, ``seat1``, ``seat2``) and each
account player's own seat link under ``own_seat1`` / ``own_seat2``; a pairing stored before the two were apart
shares one seat link with its player, and that one is kept as the player's own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlmodel import Session, select

from models.db.tables import AccessToken, AccountGame, Event, EventPairing

OWN = "own_"  # the key prefix of a player's own seat link in a pairing's links
SEATS = ("seat1", "seat2")
ROTATED = ("table", "watch", *SEATS)


def rotate(s: Session, event_id: str, new: Callable[[], str], hashed: Callable[[str], str]) -> list[str]:
    """Replace every organisers' link of the event's games (``new`` makes a token, ``hashed`` is how one is
    stored); the games whose links changed. The players' own seat links and their watch link (in ``account_game``)
    follow: the own one kept, the watch one new. The event's venue sign-up link, when it has one, is new too."""
    event = s.get(Event, event_id)
    if event is not None and event.venue_token:
        event.venue_token = new()
        s.add(event)
    games = []
    for t in s.exec(select(EventPairing).where(EventPairing.event_id == event_id)).all():
        if t.game_id is None:
            continue
        held = {g.account_id: g for g in s.exec(select(AccountGame).where(AccountGame.game_id == t.game_id)).all()}
        owned = {str(v) for g in held.values() for k, v in g.links.items() if k in SEATS}
        links: dict[str, Any] = dict(t.links)
        kept = set()
        for seat in SEATS:
            own = links.get(OWN + seat) or (links.get(seat) if links.get(seat) in owned else None)
            if own:
                links[OWN + seat] = own
                kept.add(own)
        for key in ROTATED:
            old = links.get(key)
            if old and old not in kept and (row := s.get(AccessToken, hashed(str(old)))) is not None:
                s.delete(row)
            links[key] = new()
            s.add(AccessToken(hash=hashed(links[key]), game_id=t.game_id, role=key[:4] if key in SEATS else key,
                              seat=SEATS.index(key) if key in SEATS else None))
        t.links = links
        s.add(t)
        for g in held.values():
            g.links = {**g.links, "watch": links["watch"]}
            s.add(g)
        games.append(t.game_id)
    return games


def players_links(links: dict[str, Any], seat: str) -> dict[str, str]:
    """A player's own links to their table's game: the title, their seat's own link and the watch link."""
    return {"title": str(links["title"]), seat: str(links.get(OWN + seat) or links[seat]),
            "watch": str(links["watch"])}


def organisers_links(links: dict[str, Any]) -> dict[str, str]:
    """The links the organisers hold to a table's game: never a player's own seat link."""
    return {k: str(v) for k, v in links.items() if not k.startswith(OWN)}


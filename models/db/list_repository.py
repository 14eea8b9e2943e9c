"""Reads and writes of saved army lists (table ``army_list``)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func
from sqlmodel import Session, col, select, update

from models.db.store import Store, lock
from models.db.tables import ArmyList, now


def lists_key(owner: str) -> str:
    """The lock of an owner's saved lists, counted against the most they may keep."""
    return f"lists {owner}"


class ListRepository(Store):
    def lists(self, owner: str, limit: int = 500) -> list[ArmyList]:
        with Session(self.reads) as s:
            return list(s.exec(select(ArmyList).where(ArmyList.owner == owner)
                               .order_by(col(ArmyList.updated).desc(), col(ArmyList.id)).limit(limit)).all())

    def count(self, owner: str) -> int:
        with Session(self.reads) as s:
            return _count(s, owner)

    def get(self, owner: str, list_id: str) -> ArmyList | None:
        with Session(self.reads) as s:
            row = s.get(ArmyList, list_id)
            return row if row is not None and row.owner == owner else None

    def put(self, owner: str, list_id: str, title: str, faction: str, points: int, data: dict[str, Any],
            most: int) -> ArmyList | None:
        """Insert or replace one list of this owner (a list of another owner is never touched); a new one only
        while the owner keeps fewer than ``most`` (None then), counted under the owner's lock, so parallel saves,
        in this process or another, cannot together pass it."""
        with Session(self.engine) as s:
            lock(s, lists_key(owner))
            row = s.get(ArmyList, list_id)
            if row is not None and row.owner != owner:
                raise PermissionError(list_id)
            if row is None:
                if _count(s, owner) >= most:
                    return None
                row = ArmyList(id=list_id, owner=owner, title=title, faction=faction, points=points, data=data)
            else:
                row.title, row.faction, row.points, row.data, row.updated = title, faction, points, data, now()
            s.add(row)
            s.commit()
            s.refresh(row)
            return row

    def delete(self, owner: str, list_id: str) -> bool:
        with Session(self.engine) as s:
            row = s.get(ArmyList, list_id)
            if row is None or row.owner != owner:
                return False
            s.delete(row)
            s.commit()
            return True

    def move_owner(self, old: str, new: str) -> int:
        """Every list of ``old`` belongs to ``new`` from now on (a browser given a new storage id); how many."""
        with Session(self.engine) as s:
            moved = s.exec(update(ArmyList).where(col(ArmyList.owner) == old).values(owner=new))
            s.commit()
            return moved.rowcount


def _count(s: Session, owner: str) -> int:
    return s.exec(select(func.count()).select_from(ArmyList).where(ArmyList.owner == owner)).one()

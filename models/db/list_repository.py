"""Reads and writes of saved army lists (table ``army_list``)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func
from sqlmodel import Session, col, select, update

from models.db.store import Store
from models.db.tables import ArmyList, now


class ListRepository(Store):
    def lists(self, owner: str, limit: int = 500) -> list[ArmyList]:
        with Session(self.reads) as s:
            return list(s.exec(select(ArmyList).where(ArmyList.owner == owner)
                               .order_by(col(ArmyList.updated).desc(), col(ArmyList.id)).limit(limit)).all())

    def count(self, owner: str) -> int:
        with Session(self.reads) as s:
            return s.exec(select(func.count()).select_from(ArmyList).where(ArmyList.owner == owner)).one()

    def get(self, owner: str, list_id: str) -> ArmyList | None:
        with Session(self.reads) as s:
            row = s.get(ArmyList, list_id)
            return row if row is not None and row.owner == owner else None

    def put(self, owner: str, list_id: str, title: str, faction: str, points: int, data: dict[str, Any]) -> ArmyList:
        """Insert or replace one list of this owner (a list of another owner is never touched)."""
        with Session(self.engine) as s:
            row = s.get(ArmyList, list_id)
            if row is not None and row.owner != owner:
                raise PermissionError(list_id)
            if row is None:
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

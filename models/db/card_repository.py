"""Reads and writes of site-wide cards (table ``card``): only rows an operator saved are read."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, select

from models.db.store import Store
from models.db.tables import CardRow, now


class CardRepository(Store):
    def site_cards(self) -> dict[str, dict[str, Any]]:
        """The cards an operator saved, by key (rows from before the operator right are left out)."""
        with Session(self.reads) as s:
            return {r.key: r.data for r in s.exec(select(CardRow).where(CardRow.by_operator)).all()}

    def save_site_cards(self, cards: dict[str, dict[str, Any]]) -> None:
        """Insert or replace several site cards as the operator's, in one transaction: all of them or none."""
        with Session(self.engine) as s:
            for key, data in cards.items():
                row = s.get(CardRow, key)
                if row is None:
                    row = CardRow(key=key, data=data)
                else:
                    row.data, row.updated = data, now()
                row.by_operator = True
                s.add(row)
            s.commit()

"""Reads and writes of what players reported and organisers entered of event tables (``result_report``), and the
organiser's corrections (``result_correction``). A report row changes only at the version its writer read."""

from __future__ import annotations

from typing import Any

from sqlalchemy import update
from sqlmodel import Session, col, select

from models.db.store import Store, committed
from models.db.tables import ResultCorrection, ResultReport, now


class ResultRepository(Store):
    def reports(self, event_id: str) -> dict[int, ResultReport]:
        """Each table's row by its pairing id."""
        with Session(self.reads) as s:
            return {r.pairing_id: r for r in s.exec(select(ResultReport).where(ResultReport.event_id == event_id))}

    def corrections(self, event_id: str) -> list[ResultCorrection]:
        """Oldest first."""
        with Session(self.reads) as s:
            return list(s.exec(select(ResultCorrection).where(ResultCorrection.event_id == event_id)
                               .order_by(col(ResultCorrection.at), col(ResultCorrection.id))).all())

    def save(self, row: ResultReport, read_version: int | None, correction: ResultCorrection | None = None) -> bool:
        """Store ``row`` (new when ``read_version`` is None, else over the version read) with the correction, in one
        transaction; False when another request changed the table's row first (nothing is stored)."""
        values: dict[str, Any] = {"reported_by": row.reported_by, "status": row.status, "report": row.report,
                                  "note": row.note, "entered": row.entered, "updated": now()}
        with Session(self.engine) as s:
            if read_version is None:
                s.add(ResultReport(pairing_id=row.pairing_id, event_id=row.event_id, version=1, **values))
            else:
                changed = s.exec(update(ResultReport).where(col(ResultReport.pairing_id) == row.pairing_id,
                                                            col(ResultReport.version) == read_version)
                                 .values(version=read_version + 1, **values))
                if changed.rowcount != 1:
                    s.rollback()
                    return False
            if correction is not None:
                s.add(correction)
            return committed(s)

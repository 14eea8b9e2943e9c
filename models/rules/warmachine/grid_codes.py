"""A warjack's grid column and a warbeast's spiral branch typed as a short code, read off the printed card (doc 002
"Damage Application": damage fills a grid column from its top box down, a spiral branch from its outer box in).

A column code is its box count and then its system letters from the bottom up: ``6 L L L`` (or ``6LLL``) is six
boxes, the bottom three Left arm, the rest plain; ``.`` names a plain box between letters (``6 . . L L L``); a
code without a count has as many boxes as signs. The column is drawn bottom-aligned, as a card prints it.

A branch code is its box count and then its aspect boxes from the inside out, as letters of the branch's own
aspect (``5 M M``) or as a number of them (``5 2``): five boxes, the inner two Mind boxes.

An empty code means "not typed yet" (None); anything else that cannot be read is refused with the reason, naming
the column or branch, and nothing is changed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from models.rules.core import RuleViolation
from models.rules.warmachine.grids import ASPECTS, BRANCH_NAMES, NO_BOX, PLAIN, SYSTEMS

CODE_MAX = 40  # characters of one code
SWAP = str.maketrans("LR", "RL")  # a mirrored grid's left arm is the right arm


def _refuse(kind: str, message: str) -> RuleViolation:
    return RuleViolation(f"card.{kind}_code", message)


def _signs(text: str) -> list[str]:
    return [ch.upper() for ch in text if not ch.isspace() and ch != ","]


def column_from_code(code: str, name: str, rows: int, letters: Sequence[str] = tuple(SYSTEMS)) -> str | None:
    """The column string (top to bottom, bottom-aligned in ``rows`` rows) a column code stands for; None when the
    code is empty. ``name`` ("Column 3") starts each refusal; ``letters`` are the system letters allowed."""
    text = code.strip()
    if not text:
        return None
    found = re.fullmatch(r"(\d{1,2})?\s*([^\d]*)", text) if len(text) <= CODE_MAX else None
    if found is None:
        raise _refuse("column", f"{name}: write its number of boxes, then its system letters from the bottom up "
                                "(such as 6 L L L).")
    signs = _signs(found[2])
    for sign in signs:
        if sign != PLAIN and sign not in letters:
            known = ", ".join(f"{s} {SYSTEMS[s][0].lower()}" for s in letters if s in SYSTEMS)
            raise _refuse("column", f"{name}: {sign} is not a system letter (use . for a plain box; {known}).")
    count = int(found[1]) if found[1] else len(signs)
    if count < 1:
        raise _refuse("column", f"{name}: a column has at least one box.")
    if count > rows:
        raise _refuse("column", f"{name}: a column of this grid has at most {rows} boxes.")
    if len(signs) > count:
        raise _refuse("column", f"{name}: {count} box{'es' if count != 1 else ''} but {len(signs)} signs; "
                                "write at most one sign per box.")
    return NO_BOX * (rows - count) + PLAIN * (count - len(signs)) + "".join(reversed(signs))


def column_code(column: str) -> str:
    """The code of a column string: its boxes, then its letters from the bottom up (plain boxes at the top left
    out)."""
    boxes = column.replace(NO_BOX, "")
    up = boxes[::-1].rstrip(PLAIN)
    return f"{len(boxes)} {' '.join(up)}".strip() if boxes else ""


def branch_from_code(code: str, name: str, branch: int, most: int) -> str | None:
    """The branch string (from the outside in) a branch code stands for; None when the code is empty. ``branch``
    is 0 Mind, 1 Body, 2 Spirit (its aspect letter is the only letter it takes); ``most`` its largest count."""
    text = code.strip()
    if not text:
        return None
    aspect = BRANCH_NAMES[branch][0]
    found = re.fullmatch(r"(\d{1,2})(?:\s+(\d{1,2}))?|(\d{1,2})?\s*([^\d]*)", text) if len(text) <= CODE_MAX \
        else None
    if found is None:
        raise _refuse("branch", f"{name}: write its number of boxes, then its {ASPECTS[aspect][0]} boxes from the "
                                f"inside out (such as 5 {aspect} {aspect}, or 5 2).")
    if found[1] is not None:
        count, signs = int(found[1]), [aspect] * int(found[2] or 0)
    else:
        signs = _signs(found[4])
        count = int(found[3]) if found[3] else len(signs)
    for sign in signs:
        if sign not in (PLAIN, aspect):
            raise _refuse("branch", f"{name}: its aspect boxes are {aspect} ({ASPECTS[aspect][0]}); "
                                    f"{sign} is not one of them.")
    if count < 1:
        raise _refuse("branch", f"{name}: a branch has at least one box.")
    if count > most:
        raise _refuse("branch", f"{name}: a branch has at most {most} boxes.")
    if len(signs) > count:
        raise _refuse("branch", f"{name}: {count} box{'es' if count != 1 else ''} but {len(signs)} aspect boxes; "
                                "a branch cannot have more aspect boxes than boxes.")
    return PLAIN * (count - len(signs)) + "".join(reversed(signs))


def branch_code(branch: str) -> str:
    """The code of a branch string: its boxes, then its aspect boxes from the inside out."""
    boxes = branch.replace(NO_BOX, "")
    inner = boxes[::-1].rstrip(PLAIN)
    return f"{len(boxes)} {' '.join(inner)}".strip() if boxes else ""


def mirrored(columns: Sequence[str]) -> tuple[str, ...]:
    """A grid seen in a mirror: the last column first, the left arm's boxes the right arm's and back (a colossal's
    two grids mirror as one: the right grid becomes the left)."""
    return tuple(column.translate(SWAP) for column in reversed(columns))

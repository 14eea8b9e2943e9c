"""``python -m models.rules.warband --steps``: the turn's steps in order, each with its hooks."""

from __future__ import annotations

import sys

from models.rules.steps import main
from models.rules.warband.phases import TURN

if __name__ == "__main__":
    text, status = main(TURN, sys.argv[1:])
    print(text)
    sys.exit(status)

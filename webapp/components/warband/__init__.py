"""The Warband table's pieces: the steps, the units, their dialogs and the turn."""

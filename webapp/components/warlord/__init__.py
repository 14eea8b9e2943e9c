"""The Warlord table's pieces: a model's card and numbers, and the turn."""

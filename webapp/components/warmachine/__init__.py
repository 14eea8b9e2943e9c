"""The Warmachine table's pieces: models, attacks, casters, damage, the turn's prompts, army lists and setup."""

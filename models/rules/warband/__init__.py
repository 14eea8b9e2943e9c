"""A Mordheim-style warband campaign game: its Upkeep phase (doc 004) and the turn around it.

This file imports nothing: ``models.rules.core`` imports ``board`` from here, so the rule modules (which import
core) are registered by ``models.rules.warband.register`` instead.
"""

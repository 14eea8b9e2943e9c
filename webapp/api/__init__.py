"""The REST API: one module per router (games, accounts, events, ...) and base.py, what they all share."""

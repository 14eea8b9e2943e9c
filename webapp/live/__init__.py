"""Live updates: a game's versions fanned out to its pages and streams (games.py), the Live now list (now.py), the
event pages' feed (event_feed.py) and the hall screens (hall.py)."""

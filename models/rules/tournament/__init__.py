"""An event's pure decisions, shared by every game system that plays events (DESIGN.md "Layers and folders"): what
an event needs from a system (``hook``, each system declaring its own) and the standings' shape. No system is
imported here; a system's hook imports from here."""

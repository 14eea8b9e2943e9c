"""An event's pure decisions, shared by every game system that plays events (DESIGN.md "Layers and folders"): Swiss
pairing (``swiss``), a round's lifecycle (``rounds``), a table's result and its provenance (``table_results``), the
organiser's round timer (``round_timer``), the standings' shape (``standings``), and what an event needs from a
system (``hook``, each system declaring its own). No system is imported here; a system's hook imports from here."""

"""The site's events (DESIGN.md "Layers and folders"): ``service.EventService`` is what the pages and the API reach,
with a part for each kind of change (``settings``, ``registrations``, ``lists``, ``rounds``, ``results``) built on
``access`` (what they share) and ``view`` (the event view, answered as ``records``); ``hall`` is the hall screen and
its round timer, ``changes`` what tells pages an event changed. The game system's own part comes from its tournament
hook (``models/rules/tournament/hook.py``)."""

"""The refusal codes of the site's services (accounts, events, listings, my data), with their meaning: what they
raise as ``SiteError`` (models/service/errors.py). The rules' codes are in models/rules/refusals.py; a test checks
this catalogue both ways, as that one is."""

from __future__ import annotations

CODES: dict[str, str] = {
    # -- accounts ---------------------------------------------------------------------------------------------------
    "account.email_invalid": "The email given is not an email address.",
    "account.password_short": "The new password is shorter than the least allowed.",
    "account.password_long": "The new password is longer than the most allowed.",
    "account.sign_in_failed": "The email and password do not match an account.",
    "account.too_many_attempts": "Too many failed sign-ins for the email or the client address lately.",
    "account.too_many_sign_ups": "Too many sign-ups from the client address or for the email lately.",
    "account.too_many_resets": "Too many password reset requests from the client address or for the email lately.",
    "account.busy": "The server's password checks are all taken for longer than a sign-in may wait.",
    "account.reset_invalid": "The password reset token is unknown, used already or out of date.",
    "account.password_wrong": "The password given to confirm is not the account's.",
    # -- Live now ---------------------------------------------------------------------------------------------------
    "listing.finished": "The game has ended: Live now shows games still being played.",
    # -- my data ----------------------------------------------------------------------------------------------------
    "my_data.too_many_lists": "Moving a browser's lists in would give the account more lists than it may keep.",
    # -- events -----------------------------------------------------------------------------------------------------
    "event.day_invalid": "An event's day is not a date.",
    "event.game_size": "An event's game size is not one the rules have.",
    "event.rounds": "An event's number of rounds is out of range.",
    "event.lists_per_player": "An event asks for a number of lists other than one or two.",
    "event.registration_closed": "Registration for an event closed at its list deadline.",
    "event.full": "An event has the most players it can take.",
    "event.registered": "The account is registered for the event already.",
    "event.not_registered": "The account is not registered for the event.",
    "event.started": "Round 1 of the event is paired: registrations no longer change.",
    "event.lists_locked": "An event's lists are locked (deadline passed or round 1 paired).",
    "event.list_count": "A player submitted another number of lists than the event asks for.",
    "event.list_twice": "A player submitted the same list twice.",
    "event.list_not_found": "A submitted list is not among the player's saved lists.",
    "event.list_size": "A submitted list is built for another game size than the event's.",
    "event.all_rounds_paired": "Every round of the event is paired already.",
    "event.round_paired": "Another request paired the same round first.",
    "event.list_same_name": "A player submitted two lists with the same name.",
    "event.bye": "A bye has no result to report.",
    "event.result_changed": "Another request changed the table's result first.",
    "event.seed": "A draw's seed is not a whole number in range.",
    "event.round_changed": "Another request changed the round first.",
    "event.swap_players": "A swap does not name two different players of the round, or moves a bye.",
    "event.no_round": "No round of the event is paired yet.",
    "event.winner_elsewhere": "A result names a winner who does not play at the table.",
    "event.clock": "An event's deathclock minutes are out of range.",
    "event.tables": "An event's table count is out of range, or a round needs more tables than it has.",
    "event.edit": "A change names something of the event that cannot be changed.",
    "event.co_organiser": "The email named as a co-organiser runs the event already.",
    "event.co_organisers": "The event has the most co-organisers it can take.",
    "event.not_co_organiser": "The email to remove is not among the event's co-organisers.",
    "event.player_left": "The player's account was deleted.",
    "event.not_dropped": "The player to reinstate is not dropped.",
    "event.no_lists": "The player has submitted no lists to review.",
    "event.reject_note": "Lists are rejected without a note saying why.",
    "event.lists_open": "Lists are published before they lock.",
    "event.lists_pending": "Round 1 is paired while lists wait for the organiser's approval.",
    "event.read_only": "The event's organiser left the site: it is read-only.",
    "event.time_zone": "An event's time zone is not one the time zone database knows.",
}

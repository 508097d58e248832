"""Players people write themselves, loaded from their files by the person at this
machine (``files``), playing deals with their faults caught (``playing``) and run in
worker processes (``running``). What each game shows them is ``rules.own_players``'s."""

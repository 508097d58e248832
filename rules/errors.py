"""The errors the rules raise: each one's message is a sentence a player can act on."""


class RulesError(ValueError):
    """Base of every error the rules raise, so front ends can catch just these."""


class DeckError(RulesError):
    """A deck text or card list that cannot be played."""


class OptionsError(RulesError):
    """A game option outside what the game allows."""


class IllegalMove(RulesError):
    """A move the rules do not allow in this state; the message says why."""

"""The errors the rules raise: each one's message is a sentence a player can act on."""


class RulesError(ValueError):
    """Base of every error the rules raise, so front ends can catch just these."""


class DeckError(RulesError):
    """A deck text or card list that cannot be played."""


class OptionsError(RulesError):
    """A game option outside what the game allows."""


class IllegalMove(RulesError):
    """A move the rules do not allow in this state; the message says why."""


class NumberError(RulesError):
    """Text that is not a number in the range its field allows; the message names the
    field, the range and what was typed (``rules.values``)."""

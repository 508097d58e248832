"""The pure rules' rows of numbered deals, a module a game: what its kernel must
equal, for the agreement tests and the last deal numbers' (``tests/rules/fast/``).
Module-level functions, so that ``tests.support.replay``'s worker processes can
import them."""

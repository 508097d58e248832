"""Where ``serve`` listens: a wrong ``--host`` is one sentence, every address is known
as such (``0`` too), and loopback is told apart."""

from __future__ import annotations

import pytest

from rules.errors import OptionsError
from solitaire_tui.web.hosts import listening

pytestmark = pytest.mark.engine_free


@pytest.mark.parametrize(("host", "everywhere", "loopback"), [
    ("127.0.0.1", False, True), ("localhost", False, True), ("::1", False, True),
    ("0.0.0.0", True, False), ("0", True, False), ("::", True, False),
])
def test_every_address_and_loopback_are_told(host: str, everywhere: bool,
                                             loopback: bool) -> None:
    where = listening(host, 8000)
    assert where.everywhere is everywhere and where.loopback is loopback


# None of them is looked up in the DNS: the tests reach no address but the loopback.
@pytest.mark.parametrize("host", ["", " ", " 127.0.0.1", "a" * 64 + ".example", "a" * 300,
                                  "a..b", "exa mple", "host/path", "[::1]", "tab\there"])
def test_a_wrong_host_is_one_sentence(host: str) -> None:
    with pytest.raises(OptionsError, match="--host"):
        listening(host, 8000)

"""The guard's decisions on their own: tokens, origins, host names and visitors' ids."""

from __future__ import annotations

import pytest

from rules.errors import OptionsError
from solitaire_tui.web.guard import Guard, checked_token, new_token, offered_tokens
from solitaire_tui.web.hosts import Listening, Names, host_name

pytestmark = pytest.mark.engine_free

TOKEN = "a-token-of-sixteen-or-more"
NAMES = Names.of(Listening("127.0.0.1", ("127.0.0.1",)), "https://cards.example")


def guard(token: str | None = TOKEN, secret: bytes = b"s" * 32) -> Guard:
    return Guard(token, NAMES, 8000, secret, "https://cards.example")


@pytest.mark.parametrize(("query", "authorization", "cookie", "admitted"), [
    (TOKEN, None, None, True),
    (None, f"token {TOKEN}", None, True),
    (None, f"Bearer {TOKEN}", None, True),
    (None, None, TOKEN, True),
    (None, None, None, False),
    ("wrong", f"Basic {TOKEN}", "é" * 3, False),
    (TOKEN[:-1], None, TOKEN + "x", False),
])
def test_the_token_is_taken_from_the_address_a_header_or_the_cookie(
        query: str | None, authorization: str | None, cookie: str | None,
        admitted: bool) -> None:
    assert guard().admits(offered_tokens(query, authorization, cookie)) is admitted


def test_without_a_token_everyone_is_admitted_and_new_tokens_differ() -> None:
    assert guard(None).admits([None])
    assert new_token() != new_token() and checked_token(new_token())


@pytest.mark.parametrize("token", ["short", "x" * 257, "has space in it!!", "ünïcödé-tökens-yes"])
def test_a_token_chosen_must_be_long_and_plain(token: str) -> None:
    with pytest.raises(OptionsError, match="16 to 256"):
        checked_token(token)


@pytest.mark.parametrize(("origin", "host", "allowed"), [
    (None, "127.0.0.1:8000", True),  # not a cross-site request: the token decides
    ("http://127.0.0.1:8000", "127.0.0.1:8000", True),
    ("HTTP://127.0.0.1:8000", "127.0.0.1:8000", True),
    ("http://localhost", "localhost:80", True),
    ("https://cards.example", "127.0.0.1:8000", True),  # the public URL, behind a proxy
    ("http://evil.example", "127.0.0.1:8000", False),
    ("http://127.0.0.1:8001", "127.0.0.1:8000", False),
    ("https://127.0.0.1:8000", "127.0.0.1:8000", False),
    ("null", "127.0.0.1:8000", False),
    ("", "127.0.0.1:8000", False),
    ("http://127.0.0.1:8000", None, False),
    ("http://[::1", "127.0.0.1:8000", False),
])
def test_the_origin_must_be_the_pages_own(origin: str | None, host: str | None,
                                          allowed: bool) -> None:
    assert guard().origin_ok(origin, "http", host) is allowed


@pytest.mark.parametrize(("host", "allowed"), [
    ("127.0.0.1:8000", True), ("127.0.0.2:8000", True), ("[::1]:8000", True),
    ("localhost:8000", True), ("LOCALHOST.:8000", True), ("cards.example", True),
    ("cards.example:443", True), ("127.0.0.1:8001", False), ("localhost:80", False),
    ("127.0.0.2", True),  # no port: the default, which the public URL's is
    ("evil.example:8000", False), ("127.0.0.1.nip.io:8000", False), ("0.0.0.0:8000", False),
    ("[::]:8000", False), ("192.0.2.1:8000", False), ("", False), (None, False),
    ("127.0.0.1:port", False), ("127.0.0.1:8000/x", False), ("user@127.0.0.1", False),
    ("a" * 300, False), ("local host", False), ("[::1%25lo]:8000", False),
    ("[::1%;script-src-elem:*;]", False), ("127.0.0.1:8000\x00", False),
])
def test_only_the_servers_own_host_names_are_answered(host: str | None, allowed: bool) -> None:
    assert guard().host_ok(host) is allowed


def test_every_address_is_no_name_even_when_it_is_where_the_server_listens() -> None:
    everywhere = Guard(None, Names.of(Listening("0.0.0.0", ("0.0.0.0",)), None), 8000, b"s" * 32)
    assert not everywhere.host_ok("0.0.0.0:8000") and not everywhere.host_ok("[::]:8000")
    assert everywhere.host_ok("127.0.0.1:8000")
    without = Guard(None, NAMES, 8000, b"s" * 32)  # no public URL: no default port is ours
    assert not without.host_ok("127.0.0.1") and without.host_ok("127.0.0.1:8000")


def test_a_host_header_is_read_as_a_browser_writes_it() -> None:
    assert host_name("Cards.Example.:8000") == "cards.example"
    assert host_name("[::1]:8000") == "::1"
    assert host_name("127.0.0.1:99999999999") is None


def test_a_visitors_id_is_one_the_server_signed() -> None:
    visitor, cookie = guard().new_visitor()
    assert guard().visitor(cookie) == visitor
    assert guard(secret=b"t" * 32).visitor(cookie) is None  # another server's
    forged = cookie[:-1] + ("0" if cookie[-1] != "0" else "1")
    assert guard().visitor(forged) is None
    other, _ = guard().new_visitor()
    assert guard().visitor(f"{other}.{cookie.partition('.')[2]}") is None  # a signature moved
    for junk in (None, "", "../../etc", visitor, f"{visitor}.", cookie + "0"):
        assert guard().visitor(junk) is None

"""Where ``serve`` listens, and which host names it answers to.

A browser sends the name it looked up in the ``Host`` header. A page on another site
can make its own name resolve to this machine (DNS rebinding) and so reach a server
on 127.0.0.1 with its own name in ``Host``: so the server answers only to names that
are its own (``Names``) and refuses the rest.
"""

from __future__ import annotations

import functools
import ipaddress
import re
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from rules.errors import OptionsError
from rules.words import clause

LOCAL_NAMES = ("localhost", "localhost.localdomain")
HOST_CHARACTERS = re.compile(r"[A-Za-z0-9.\-]+(?::\d{1,5})?|\[[0-9A-Fa-f:.]+\](?::\d{1,5})?")
LONGEST_NAME = 253  # a DNS name's limit; a Host header longer than it is nobody's


@dataclass(frozen=True)
class Listening:
    """The address ``--host`` names: as given, and the addresses it resolved to."""

    host: str
    addresses: tuple[str, ...]

    @property
    def everywhere(self) -> bool:
        """Whether it is every address of this machine (0.0.0.0, ::, 0, …)."""
        return any(ipaddress.ip_address(address).is_unspecified for address in self.addresses)

    @property
    def loopback(self) -> bool:
        """Whether only this machine can reach it."""
        return all(ipaddress.ip_address(address).is_loopback for address in self.addresses)


def listening(host: str, port: int) -> Listening:
    """The addresses ``host`` names, as the server will bind them; a host that names
    none is an ``OptionsError`` (one sentence, exit status 2)."""
    if not host or len(host) > LONGEST_NAME or any(
            char.isspace() or not char.isprintable() or char in "/?#@[]" for char in host):
        raise OptionsError(f"--host must be an address or a host name, not {host[:80]!r}")
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError, ValueError) as error:
        reason = getattr(error, "strerror", None) or str(error) or type(error).__name__
        raise OptionsError(f"--host {host!r} is not an address this machine can listen on"
                           f" ({clause(reason)})") from None
    addresses = tuple(dict.fromkeys(_numeric(str(entry[4][0])) for entry in found))
    return Listening(host, addresses)


def _numeric(address: str) -> str:
    """An address without its IPv6 zone (``fe80::1%eth0``), as ``ipaddress`` reads it."""
    return address.split("%", 1)[0]


def host_port(header: str) -> int | None:
    """The port in a ``Host`` header that ``host_name`` read, None when it gives none."""
    return urlsplit(f"//{header}").port


def host_name(header: str | None) -> str | None:
    """The name in a ``Host`` header (``cards.example:8000``, ``[::1]:8000``), lower
    case and without a final dot; None when it is not a host at all."""
    if not header or len(header) > LONGEST_NAME + 8 or not HOST_CHARACTERS.fullmatch(header):
        return None  # a zone (``%eth0``), a path, a user: nothing a browser sends
    try:
        name = urlsplit(f"//{header}").hostname
        _ = urlsplit(f"//{header}").port  # a port that is not a number: no host
    except ValueError:
        return None
    return name.rstrip(".") if name else None


@dataclass(frozen=True)
class Names:
    """The host names the server answers to: localhost's, this machine's own names
    and addresses, the address it listens on, and the host of its public URL."""

    names: frozenset[str]

    @classmethod
    def of(cls, listening: Listening, public: str | None) -> Names:
        names = {*LOCAL_NAMES, listening.host.lower().rstrip(".")}
        # Not ``getfqdn``: it asks the DNS, which may keep a start waiting for seconds.
        machine = socket.gethostname().lower()
        names |= {machine, f"{machine}.local"}
        if public:
            public_host = urlsplit(public).hostname
            if public_host:
                names.add(public_host.rstrip("."))
        return cls(frozenset(names))

    def answers_to(self, name: str | None) -> bool:
        if name is None:
            return False
        try:
            address = ipaddress.ip_address(name)
        except ValueError:
            return name in self.names  # another name: DNS rebinding, or a mistake
        if address.is_unspecified:  # 0.0.0.0 reaches this machine from some browsers,
            return False  # a name any page can use, even when it is what we listen on
        return str(address) in self.names or address.is_loopback or _is_own_address(
            str(address))


@functools.lru_cache(maxsize=64)
def _is_own_address(address: str) -> bool:
    """Whether ``address`` is one of this machine's: only those can be bound to."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.bind((address, 0))
    except OSError:
        return False
    return True

"""The web driver of a guest app: textual's, and it tells the visitor when the
server dropped keys that came faster than the app could take them (the server says
so once a visit, in a ``dropped`` packet after the keys it kept)."""

from __future__ import annotations

from functools import partial

from textual.drivers.web_driver import WebDriver

DROPPED = "dropped"
SAYING = "Keys came faster than the app could take them: some were left out."


class GuestDriver(WebDriver):
    def on_meta(self, packet_type: str, payload: dict[str, object]) -> None:
        if packet_type == DROPPED:  # in the input thread: the app's loop shows it
            self._loop.call_soon_threadsafe(partial(self._app.notify, SAYING,
                                                     severity="warning"))
        else:
            super().on_meta(packet_type, payload)

"""A tab's app, once it has drawn, asks for its tab's size again, and gets the last size told
(scorekeeper/tui/served.py, SIZE_URL): an app started ahead of its tab and handed to it while
still starting could otherwise keep the size it was started with (a phone got screens laid
out 80 columns wide, cut at its edge)."""

from __future__ import annotations

import asyncio
import json
import struct
import sys
import time

from scorekeeper.tui.served import SIZE_URL
from scorekeeper.web.tab import Tab

# The tab's "app": a process that keeps every byte the server writes to it, in a file that
# appears whole once its input has ended.
KEEPER = ("import os, sys; data = sys.stdin.buffer.read(); "
          "open(sys.argv[1] + '.part', 'wb').write(data); "
          "os.replace(sys.argv[1] + '.part', sys.argv[1])")


def resizes(written: bytes) -> list[tuple[int, int]]:
    """The sizes in the packets written to an app's input (textual-serve's: a type byte, a
    32-bit big-endian length, the payload)."""
    sizes, at = [], 0
    while at < len(written):
        kind, size = written[at:at + 1], struct.unpack(">I", written[at + 1:at + 5])[0]
        payload = written[at + 5:at + 5 + size]
        at += 5 + size
        meta = json.loads(payload) if kind == b"M" else {}
        if meta.get("type") == "resize":
            sizes.append((meta["width"], meta["height"]))
    return sizes


async def test_an_app_that_has_drawn_is_told_its_tabs_last_size_again(tmp_path):
    page: list[str] = []

    async def to_page(text: str) -> None:
        page.append(text)

    async def nothing(*_args) -> None:
        return None

    kept = tmp_path / "written"
    tab = Tab([sys.executable, "-c", KEEPER, str(kept)], write_bytes=nothing,
              write_str=to_page, close=nothing, download_manager=None)
    await tab.spawn()  # started ahead of its tab, at the default size
    asked = json.dumps({"type": "open_url", "url": SIZE_URL, "new_tab": True}).encode()
    await tab.on_meta(asked)  # no size told yet: nothing to send
    await tab.set_terminal_size(80, 24)  # the size in the tab's address
    await tab.set_terminal_size(48, 36)  # the page's own
    await tab.on_meta(asked)  # the app has drawn
    tab.stdin.close()
    end = time.monotonic() + 30
    while not kept.exists():  # (the "app" has read all it was sent)
        assert time.monotonic() < end, "the app never ended"
        await asyncio.sleep(0.01)
    await tab.stop()  # (its process waited for)
    assert resizes(kept.read_bytes()) == [(80, 24), (48, 36), (48, 36)]
    assert page == []  # (the page is told nothing of it)

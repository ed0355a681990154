"""On screen, a French line never starts with the ":" or "%" that a no-break space holds to
the word before it: the app's Static texts, and the Rules screen (Markdown), at narrow
widths."""

from __future__ import annotations

import re

from textual.screen import Screen
from textual.widgets import Static

from tests.support import screen_lines
from tests.tui.conftest import make_app, settle

CUT = re.compile(r"^[\s│┃▌▐▎▊|]*[:;!?%»]")
FRENCH = ("Égalité à 10\u00a0: personne ne gagne et la manche continue\u00a0; "
          "Amélie a 38\u00a0% de chances, «\u00a0capot\u00a0» dit Éric\u00a0!")


async def test_a_static_text_keeps_its_no_break_spaces_at_every_width(folder):
    app = make_app(folder, lang="fr")
    async with app.run_test(size=(60, 24)) as pilot:
        await settle(pilot)
        await app.push_screen(Screen())
        text = Static(FRENCH, id="probe")
        await app.screen.mount(text)
        for width in range(12, 40):
            text.styles.width = width
            await settle(pilot)
            lines = [line[:width] for line in screen_lines(app)[:12]]
            assert lines[0].startswith("Égalité"), lines
            assert "".join(lines).count(" ") == FRENCH.count(" ")
            assert not any(CUT.match(line) for line in lines), (width, lines)


async def test_the_french_rules_never_start_a_line_with_a_colon(folder):
    app = make_app(folder, lang="fr")
    async with app.run_test(size=(46, 24)) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        for width in (46, 53):  # widths where Textual's Markdown cut before ":"
            await pilot.resize_terminal(width, 24)
            await pilot.press("home")
            await settle(pilot)
            for _page in range(6):
                lines = screen_lines(app)
                assert len(lines[0]) == width
                assert not any(CUT.match(line) for line in lines), (width, lines)
                assert any("\u00a0:" in line for line in lines) or _page
                await pilot.press("pagedown")
                await settle(pilot)

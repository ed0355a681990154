"""The app tests' apps do not draw frames that nobody sees.

An app under `run_test` runs on Textual's headless driver, which throws every frame away
unseen; Textual draws each one nevertheless (the widgets' lines, cut and joined into the
screen's update): about a third of an app test's processor time. Here a headless app's
current screen, when it would draw a frame, marks the frame done instead. Everything else
runs as in the app: messages, layout, styles, focus, what the screen needs redrawn.

What a test reads of the screen is drawn when it is read, from the widgets' state at that
moment: `tests.support.screen_lines` (the screen's lines as drawn) and the snapshot tests
(`export_screenshot`), which draw every screen of the app in each of its layouts, so that
a widget that fails to draw still fails the tests. Apps that are not headless (`vicaire`
in a terminal, the served apps of the web and browser tests, every subprocess) are left as
they are, and so is a test that asks for the `frames_drawn` fixture (tests/conftest.py): one
that times frames, or that reads what a widget worked out while drawing (the key bar's keys,
where a click lands). tests/test_unseen_frames.py checks this against the Textual in use."""

from __future__ import annotations

# Set while a test asks for every frame drawn (the `frames_drawn` fixture).
drawing = False


def skip_unseen_frames() -> None:
    """Make every headless app of this process skip drawing its frames (called once)."""
    from textual.screen import Screen

    refresh = Screen._compositor_refresh
    if getattr(refresh, "skips_unseen", False):
        return

    def skipping(self: Screen) -> None:
        app = self.app
        if not drawing and app.is_headless and not app.is_inline and self is app.screen:
            self._compositor._dirty_regions.clear()  # (what the frame would have drawn)
            self._dirty_widgets.clear()
            app._update_mouse_over(self)
        else:
            refresh(self)

    skipping.skips_unseen = True  # type: ignore[attr-defined]
    Screen._compositor_refresh = skipping  # type: ignore[method-assign]

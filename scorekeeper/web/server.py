"""The web server behind `vicaire serve`: textual-serve, answering on the address asked for."""

from __future__ import annotations

import logging
import sys
from typing import Any

from textual_serve.server import Server


class VicaireServer(Server):
    """A textual-serve Server whose page points its websocket at the address the browser used,
    so that a phone that opened http://192.168.1.20:8000 talks back to that same address."""

    async def handle_index(self, request: Any) -> Any:
        self.public_url = f"{request.scheme}://{request.host}"
        return await super().handle_index(request)

    async def on_startup(self, app: Any) -> None:
        """Quiet start: `vicaire serve` prints its own addresses and warning."""

    def initialize_logging(self) -> None:
        """Only problems are logged, in one line each: no request log, no tracebacks."""
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("vicaire serve: %(message)s"))
        logging.basicConfig(level=logging.ERROR, handlers=[handler], force=True)
        # Tab processes still being reaped as the server stops are not the user's concern.
        sys.unraisablehook = lambda _unraisable: None

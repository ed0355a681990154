"""The files a page needs (scripts, styles, the font), served compressed and cached.

Each file is read once and gzipped once, in memory. A browser that accepts gzip gets the
compressed bytes (`Content-Encoding: gzip`), any other the file as it is; both answers say
`Vary: Accept-Encoding`. Every file has an `ETag` (a hash of its content): the page names each
file with that hash (`?v=`), so that a browser keeps it for good (`immutable`) and asks again
only when the file changed; asked for without the hash, a file must be checked (`no-cache`,
answered 304 when unchanged). Only files in the folder are served: no listing, no way out;
any other name is not found (404), never a fault of the server's.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
from dataclasses import dataclass
from pathlib import Path

from aiohttp import web

COMPRESSED = {".js", ".css", ".ttf", ".otf", ".svg", ".html", ".json", ".txt"}
FOREVER = "public, max-age=31536000, immutable"


@dataclass(frozen=True)
class Asset:
    body: bytes
    gzipped: bytes | None  # None when gzip would not make it smaller
    tag: str  # a hash of the content: its ETag (quoted) and its version in the page's links
    content_type: str


def accepts_gzip(header: str | None) -> bool:
    """Whether an Accept-Encoding header takes gzip (q=0 refuses it)."""
    for part in (header or "").lower().split(","):
        name, _, params = part.strip().partition(";")
        if name.strip() in ("gzip", "x-gzip", "*"):
            quality = params.strip().removeprefix("q=") if params.strip().startswith("q=") \
                else "1"
            try:
                return float(quality) > 0
            except ValueError:
                return False
    return False


def encoded(request: web.Request, body: bytes, gzipped: bytes | None,
            headers: dict[str, str], content_type: str, status: int = 200) -> web.Response:
    """`body`, or `gzipped` when the browser takes gzip; Vary says that it depends."""
    headers = {**headers, "Vary": "Accept-Encoding"}
    if gzipped is not None and accepts_gzip(request.headers.get("Accept-Encoding")):
        headers["Content-Encoding"] = "gzip"
        body = gzipped
    response = web.Response(status=status, body=body, headers=headers)
    response.content_type = content_type.split(";")[0]
    if content_type.startswith("text/") or content_type.endswith("javascript"):
        response.charset = "utf-8"
    return response


def squeeze(body: bytes) -> bytes | None:
    """The gzipped body, or None when that is not smaller."""
    packed = gzip.compress(body, compresslevel=9, mtime=0)
    return packed if len(packed) < len(body) else None


class Statics:
    """The files under one folder, answered from memory."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder.resolve()
        self.assets: dict[str, Asset] = {}

    def asset(self, name: str) -> Asset | None:
        """The file `name` (a path inside the folder), read and gzipped the first time."""
        found = self.assets.get(name)
        if found is not None:
            return found
        if any(ord(c) < 32 or ord(c) == 127 for c in name):  # (a NUL: no such file)
            return None
        try:
            path = (self.folder / name).resolve()
            if not path.is_relative_to(self.folder) or not path.is_file() or any(
                    part.startswith(".") for part in path.relative_to(self.folder).parts):
                return None
            body = path.read_bytes()
        except (OSError, ValueError):  # (a name too long, or that no file can have)
            return None
        content_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        if path.suffix == ".ttf":
            content_type = "font/ttf"
        gzipped = squeeze(body) if path.suffix in COMPRESSED else None
        found = Asset(body, gzipped, hashlib.sha256(body).hexdigest()[:16], content_type)
        self.assets[name] = found
        return found

    def url(self, prefix: str, name: str) -> str:
        """The file's address with its version: kept by browsers until the file changes."""
        found = self.asset(name)
        return f"{prefix}{name}?v={found.tag}" if found is not None else f"{prefix}{name}"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        found = self.asset(request.match_info["name"])
        if found is None:
            raise web.HTTPNotFound()
        versioned = request.query.get("v") == found.tag
        headers = {"ETag": f'"{found.tag}"', "Cache-Control": FOREVER if versioned
                   else "no-cache"}
        if f'"{found.tag}"' in request.headers.get("If-None-Match", ""):
            return web.Response(status=304, headers={**headers, "Vary": "Accept-Encoding"})
        return encoded(request, found.body, found.gzipped, headers, found.content_type)

"""The rules of Le vicaire in English and French, as Markdown files beside this module."""

from __future__ import annotations

from importlib.resources import files


def rules_markdown(lang: str) -> str:
    """The rules text in `lang` ("en" or "fr"; anything else gives English)."""
    name = "rules.fr.md" if lang == "fr" else "rules.en.md"
    return files(__package__).joinpath(name).read_text(encoding="utf-8")

"""Vicaire: the score-keeping companion for Le vicaire."""

__version__ = "0.1.0"

"""Deals with their cards: one checked trick by trick, one dealt and played by the app."""

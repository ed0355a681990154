"""Bots and simulated deals and matches; depends on `scorekeeper.rules` only."""

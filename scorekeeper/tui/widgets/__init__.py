"""Widgets the screens are built from."""

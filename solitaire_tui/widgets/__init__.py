"""Widgets the game screens are built from."""

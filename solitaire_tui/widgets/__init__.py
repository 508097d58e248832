"""Widgets shared by the games' screens: cards, piles, trails, buttons, the footer, and
the statistics panel's displays."""

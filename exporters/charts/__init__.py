"""Printable player aids and maps: PDF charts for each ruleset and tiled map prints."""

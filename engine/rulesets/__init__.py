"""Rulesets: one package per game system (data.toml + hooks.py)."""

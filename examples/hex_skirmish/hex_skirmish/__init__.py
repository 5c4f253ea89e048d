"""Hex Skirmish: a small, complete example game for railhead's rules engine, built on the author's
API (:mod:`railhead.engine.api`) alone. ``docs/writing-a-ruleset.md`` walks through it."""

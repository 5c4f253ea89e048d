"""Player aids of The Great War (strategic area game)."""

"""VASSAL formats: grids and numbering (more to come: module writer, saved games)."""

"""Der Weltkrieg (SPW standard rules, Sterling Edition)."""

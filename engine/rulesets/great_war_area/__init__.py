"""The Great War (strategic area game): area movement, NRC-priced Strategic Movement, supply chains."""

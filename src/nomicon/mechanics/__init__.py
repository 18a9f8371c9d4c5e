"""Game mechanisms that several rulesets share, above the kernel and the boards and
below the packs: units, buildings and their commands, combat, markets, agents."""

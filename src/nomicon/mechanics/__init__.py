"""Game mechanisms that several rulesets share, built on the kernel and the boards and
used by the packs that opt into them (DESIGN §3b): units, buildings and their commands,
combat, an order book, non-player agents. No module here knows a particular game."""

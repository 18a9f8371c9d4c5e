"""Game mechanisms that several rulesets share, built on the kernel and the boards and
used by the packs that opt into them (DESIGN §3b): an order book, non-player agents,
units, commands and combat. No module here knows a particular game."""

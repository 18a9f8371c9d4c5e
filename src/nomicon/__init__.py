"""Nomicon: a server that runs games of Nomic with executable rules."""

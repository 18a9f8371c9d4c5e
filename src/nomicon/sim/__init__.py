"""Simulation: bots, headless runs of many games, and what-if analyses of proposals.

- :mod:`nomicon.sim.bots`: the random bot that plays from ``legal_actions``;
- :mod:`nomicon.sim.greedy`: a greedy bot that packs can specialise;
- :mod:`nomicon.sim.metrics`: what a finished (or stopped) game measures;
- :mod:`nomicon.sim.runner`: N games in parallel processes, reproducible per seed;
- :mod:`nomicon.sim.report`: the summary of a run, as tables, JSON, CSV or Parquet;
- :mod:`nomicon.sim.whatif`: matched runs with and without an amendment.
"""

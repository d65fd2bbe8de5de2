"""Adapters that let OpenSpiel, PettingZoo and Gymnasium users train on every Theomachy game.

Each adapter is generic: it drives a game only through the game contract (``theomachy.load``)
and its :class:`~theomachy.engine.encoding.Encoding` (integer action tables and observation
vectors), so a game registered later works without changes here. The libraries themselves are
optional extras (``pip install 'theomachy[interop]'``); import the submodule you need:

- :mod:`theomachy.interop.openspiel`: ``load_game(game_id, players=N, **options)``
- :mod:`theomachy.interop.pettingzoo`: ``env(game_id, players=N, **options)`` (AEC)
- :mod:`theomachy.interop.gymnasium`: ``env(game_id, seat=0, opponents="mcts", **options)``
"""

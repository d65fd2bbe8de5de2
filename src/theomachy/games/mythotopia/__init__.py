"""Mythotopia (in progress: the board)."""

"""Arena of the Gods: the god card game (rules.py, cards.py, abilities.py)."""

"""``python -m theomachy``: the same as the ``theomachy`` command."""

from theomachy.cli import main

main()

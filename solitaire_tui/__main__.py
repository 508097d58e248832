"""``python -m solitaire_tui``: the same as the ``solitaire-tui`` command."""

import sys

from solitaire_tui.cli import main

sys.exit(main())

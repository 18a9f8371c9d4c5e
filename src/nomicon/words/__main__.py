"""``python -m nomicon.words``: check that the Official Dictionary's data are
installed, and print its identity (what a new game records) as JSON; exit status 1,
with what is missing, when they are not."""

from __future__ import annotations

import json
import sys

from nomicon.words import DefinitionsMissing, identity


def main() -> int:
    """Print the installed dictionary's identity; 1 when its data are missing."""
    try:
        print(json.dumps(identity(), sort_keys=True))
    except DefinitionsMissing as missing:
        print(f"nomicon.words: {missing}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

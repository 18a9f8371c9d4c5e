#!/usr/bin/env bash
# Install what the benchmarks compare Nomicon with (not needed by the tests):
# OpenSpiel (the open-spiel package) into the project's virtual environment, and
# boardgame.io (npm) into benchmarks/boardgameio/node_modules.
#
#   bash benchmarks/setup.sh            # uses .venv/bin/python, or $PYTHON
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
python="${PYTHON:-$root/.venv/bin/python}"

if ! "$python" -c "import pyspiel" 2>/dev/null; then
  # open-spiel publishes manylinux wheels for CPython 3.9 to 3.12 on x86_64.
  "$python" -m pip install --quiet open-spiel
fi
"$python" -c "import pyspiel; print('OpenSpiel', pyspiel.__file__)"

if ! command -v npm >/dev/null; then
  echo "npm is needed for the boardgame.io benchmark (apt-get install nodejs npm)" >&2
  exit 1
fi
(cd "$here/boardgameio" && npm install --no-audit --no-fund --silent)
node -e "console.log('boardgame.io', require('$here/boardgameio/node_modules/boardgame.io/package.json').version)"

#!/usr/bin/env bash
# Installs the npm packages on a fresh clone (npm start and npm test both begin here).
# npm install rather than npm ci: this registry mirror leaves other platforms' optional packages out of the
# lock file, which npm ci reads as out of sync.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules/.bin ] || npm install --no-audit --no-fund

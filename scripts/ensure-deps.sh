#!/usr/bin/env bash
# Installs the npm packages on a fresh clone (npm start and npm test both begin here), on the project's Node and
# its npm (scripts/node.sh). npm ci installs the lock file exactly as it is (and fails when package.json has
# moved on without it); --prefer-offline takes what the npm cache holds without asking the registry again.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node.sh
[ -d node_modules/.bin ] || npm ci --prefer-offline --no-audit --no-fund

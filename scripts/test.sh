#!/usr/bin/env bash
# `npm test`: installs what a fresh machine lacks, then runs every suite in order.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)

bash scripts/ensure-deps.sh
if [ ! -x /usr/bin/chromium ]; then
  echo "== installing Debian chromium"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

step() { echo; echo "== $1"; shift; "$@"; }
step typecheck npm run --silent typecheck
step lint npm run --silent lint
step "layering (docs/architecture.md)" npm run --silent deps
step "unit tests" npm run --silent test:unit
step "contract tests" npm run --silent --if-present test:contracts
step "server tests" npm run --silent --if-present test:server
step "reliability suite (reliability/README.md)" npm run --silent --if-present test:reliability
step build npm run --silent build
step "the theme is in the built CSS" npx tsx scripts/check-theme.ts out
step "bundle budget: Home's first-load JavaScript ≤ 200 KiB gzip" npm run --silent test:budget
step "browser tests" npm run --silent --if-present test:e2e

echo; echo "== all suites green in $(( $(date +%s) - started ))s"

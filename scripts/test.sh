#!/usr/bin/env bash
# `npm test`: installs what a fresh machine lacks, then runs every suite in order.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)

# The project's Node (scripts/node.sh: the system's when >= 22, else the pinned one fetched into .run/): the install
# and every suite below run on it.
source scripts/node.sh
echo "== Node $(node -v) ($(command -v node)), npm $(npm -v)"
bash scripts/ensure-deps.sh
if [ ! -x /usr/bin/chromium ]; then
  echo "== installing Debian chromium"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

# Each step prints its own elapsed time, so a slow suite shows in the log.
step() {
  local name=$1 t0
  shift
  echo; echo "== $name"
  t0=$(date +%s)
  "$@"
  echo "-- $name: $(( $(date +%s) - t0 ))s"
}
# Runs each named function in the background, its output kept; once all have ended, prints each one's whole output
# in the order named, and fails if any failed.
side_by_side() {
  local dir pids=() failed=0 name i=0
  dir=$(mktemp -d /tmp/side-by-side.XXXXXX)
  for name in "$@"; do
    (set -e; "$name") >"$dir/$name.log" 2>&1 &
    pids+=($!)
  done
  for name in "$@"; do
    if wait "${pids[$i]}"; then echo "-- $name: ok"; else echo "-- $name: FAILED"; failed=1; fi
    cat "$dir/$name.log"
    i=$((i + 1))
  done
  rm -rf "$dir"
  return "$failed"
}
# The four static checks read the tree and write nothing, so they run side by side.
typecheck() { npm run --silent typecheck; }
lint() { npm run --silent lint; }
format_check() { npm run --silent format:check; }
layering() { npm run --silent deps; }
step "typecheck, lint, formatting (Prettier; npm run format writes it), layering (docs/architecture.md)" \
  side_by_side typecheck lint format_check layering
step "unit tests" npm run --silent test:unit
step "contract tests" npm run --silent --if-present test:contracts
# The server suites run one file at a time, each mostly on one core, so the two cores take two lanes side by side:
# PGlite, then the bundle budget (which builds the production export, .run/bench-app, and checks its theme as every
# stack build does: stack/stack.ts buildApp) and the console's build; PostgreSQL, then the reliability suite.
pglite_lane() {
  step "server tests on PGlite" bash scripts/test-server.sh pglite
  step "bundle budget: the production export's Home first-load JavaScript ≤ 200 KiB gzip" npm run --silent test:budget
  step "operator console build (console/out: its own export, not part of out/)" npm run --silent build:console
}
postgres_lane() {
  step "server tests on PostgreSQL" bash scripts/test-server.sh postgres
  step "reliability suite (reliability/README.md)" npm run --silent --if-present test:reliability
}
step "server tests, reliability suite, budget and console build, in two lanes" side_by_side pglite_lane postgres_lane
step "browser tests (two workers, each on a stack of its own: docs/e2e.md)" npm run --silent --if-present test:e2e

echo; echo "== all suites green in $(( $(date +%s) - started ))s"

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
# The four static checks read the tree and write nothing, so they run side by side; each one's output is printed
# whole, in order, and the run stops if any failed.
static_checks() {
  local dir names=(typecheck lint format:check deps) pids=() failed=0 i
  dir=$(mktemp -d /tmp/static-checks.XXXXXX)
  for i in "${!names[@]}"; do
    npm run --silent "${names[$i]}" >"$dir/$i.log" 2>&1 &
    pids[i]=$!
  done
  for i in "${!names[@]}"; do
    if wait "${pids[$i]}"; then echo "-- ${names[$i]}: ok"; else echo "-- ${names[$i]}: FAILED"; failed=1; fi
    cat "$dir/$i.log"
  done
  rm -rf "$dir"
  return "$failed"
}
step "typecheck, lint, formatting (Prettier; npm run format writes it), layering (docs/architecture.md)" static_checks
step "unit tests" npm run --silent test:unit
step "contract tests" npm run --silent --if-present test:contracts
# The server suites run one file at a time, each mostly on one core, so the two cores take two lanes side by side:
# PGlite, then the bundle budget (which builds the production export, .run/bench-app, and checks its theme as every
# stack build does: stack/stack.ts buildApp); PostgreSQL, then the reliability suite and the console's build.
# Each lane's log is printed whole once both have ended, and the run stops if either failed.
pglite_lane() {
  step "server tests on PGlite" bash scripts/test-server.sh pglite
  step "bundle budget: the production export's Home first-load JavaScript ≤ 200 KiB gzip" npm run --silent test:budget
}
postgres_lane() {
  step "server tests on PostgreSQL" bash scripts/test-server.sh postgres
  step "reliability suite (reliability/README.md)" npm run --silent --if-present test:reliability
  step "operator console build (console/out: its own export, not part of out/)" npm run --silent build:console
}
lanes() {
  local dir pids=() failed=0 lane i
  dir=$(mktemp -d /tmp/test-lanes.XXXXXX)
  for i in "$@"; do
    (set -e; "$i") >"$dir/$i.log" 2>&1 &
    pids+=($!)
  done
  i=0
  for lane in "$@"; do
    if wait "${pids[$i]}"; then echo "-- $lane: ok"; else echo "-- $lane: FAILED"; failed=1; fi
    cat "$dir/$lane.log"
    i=$((i + 1))
  done
  rm -rf "$dir"
  return "$failed"
}
step "server tests, reliability suite, budget and console build, in two lanes" lanes pglite_lane postgres_lane
step "browser tests" npm run --silent --if-present test:e2e

echo; echo "== all suites green in $(( $(date +%s) - started ))s"

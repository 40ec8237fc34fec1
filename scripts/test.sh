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
step "server tests" npm run --silent --if-present test:server
step "reliability suite (reliability/README.md)" npm run --silent --if-present test:reliability
# A production build needs its three settings (lib/build-settings.mjs, docs/deploy.md) or it stops: here
# stand-ins (the local deploy's Vault address), since this export is only checked, never served. next build
# directly, without npm run build's type check: the typecheck step above did it (next.config.mjs).
step build env NEXT_PUBLIC_API_URL=https://api.example.invalid NEXT_PUBLIC_API_KEY=test-build-key \
  NEXT_PUBLIC_VAULT_ADDRESS=0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512 npx next build
step "the theme is in the built CSS" npx tsx scripts/check-theme.ts out
step "bundle budget: Home's first-load JavaScript ≤ 200 KiB gzip" npm run --silent test:budget
step "operator console build (console/out: its own export, not part of out/)" npm run --silent build:console
step "browser tests" npm run --silent --if-present test:e2e

echo; echo "== all suites green in $(( $(date +%s) - started ))s"

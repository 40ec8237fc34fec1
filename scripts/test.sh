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

step() { echo; echo "== $1"; shift; "$@"; }
step typecheck npm run --silent typecheck
step lint npm run --silent lint
step "formatting (Prettier, .prettierrc.json; npm run format writes it)" npm run --silent format:check
step "layering (docs/architecture.md)" npm run --silent deps
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

#!/usr/bin/env bash
# `npm run test:reliability` (reliability/README.md): real server processes on a throwaway PostgreSQL
# cluster — SIGKILL mid-job, two servers on one database, fuzzing and replays — then the figures.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/pg-cluster.sh

find_pg reliability || exit 0
start_pg_cluster
echo "-- reliability suite on PostgreSQL $PG_VERSION (${PG_URL#*@})"
figures=$(mktemp /tmp/reliability-figures.XXXXXX)
PG_BIN="$pg_bin" TEST_DATABASE_URL="$PG_URL" RELIABILITY_FIGURES="$figures" npx vitest run --config reliability/vitest.config.ts "$@"
npx tsx reliability/summary.ts "$figures"
rm -f "$figures"

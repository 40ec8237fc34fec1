#!/usr/bin/env bash
# Server suites: on embedded PGlite, then on a throwaway PostgreSQL cluster when one can be had.
# `pglite` or `postgres` as the first argument runs that one alone (scripts/test.sh runs the two side by side).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/pg-cluster.sh
only=${1:-}

if [ "$only" != postgres ]; then
  echo "-- server suites on PGlite"
  npx vitest run --config server/vitest.config.ts
fi
[ "$only" = pglite ] && exit 0

find_pg "server suites" || exit 0
start_pg_cluster
echo "-- server suites on PostgreSQL $PG_VERSION (${PG_URL#*@})"
TEST_DATABASE_URL="$PG_URL" npx vitest run --config server/vitest.config.ts

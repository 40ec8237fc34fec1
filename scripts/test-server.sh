#!/usr/bin/env bash
# Server suites: always on embedded PGlite, then on a throwaway PostgreSQL cluster when one can be had.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/pg-cluster.sh

echo "-- server suites on PGlite"
npx vitest run --config server/vitest.config.ts

find_pg "server suites" || exit 0
start_pg_cluster
echo "-- server suites on PostgreSQL $PG_VERSION (${PG_URL#*@})"
TEST_DATABASE_URL="$PG_URL" npx vitest run --config server/vitest.config.ts

#!/usr/bin/env bash
# Server suites: always on embedded PGlite, then on a throwaway PostgreSQL cluster when one can be had.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "-- server suites on PGlite"
npx vitest run --config server/vitest.config.ts

pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$pg_bin" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "-- installing Debian postgresql"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null) || true
  pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
fi
if [ -z "$pg_bin" ]; then
  # In CI (.ci/run sets CI=1) the PostgreSQL run is mandatory: concurrency is only real there.
  if [ -n "${CI:-}" ]; then
    echo "-- FAILED: CI needs the PostgreSQL run, and no PostgreSQL server could be installed here"
    exit 1
  fi
  echo "-- SKIPPED the PostgreSQL run: no PostgreSQL server could be installed here"
  exit 0
fi

run_as=()
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  run_as=(runuser -u postgres --)
fi
cluster=$(mktemp -d /tmp/pgtest.XXXXXX)
chmod 777 "$cluster"
port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
"${run_as[@]}" "$pg_bin/initdb" -D "$cluster/data" -U postgres --auth=trust -E UTF8 >/dev/null
"${run_as[@]}" "$pg_bin/pg_ctl" -D "$cluster/data" -l "$cluster/log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $cluster -c fsync=off -c max_connections=200" start >/dev/null
stop_pg() { "${run_as[@]}" "$pg_bin/pg_ctl" -D "$cluster/data" -m fast stop >/dev/null || true; rm -rf "$cluster"; }
trap stop_pg EXIT

echo "-- server suites on PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') (127.0.0.1:$port)"
TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" npx vitest run --config server/vitest.config.ts

# Sourced by the suites that need a real PostgreSQL (scripts/test-server.sh, scripts/test-reliability.sh):
# `find_pg NAME` finds (or, as root, installs) a PostgreSQL server; without one it returns 1 — except in CI
# (.ci/run sets CI=1), where the PostgreSQL run is mandatory: it fails. `start_pg_cluster` (call it outside
# an `if`/`||`, so `set -e` still stops on a failed initdb) starts a throwaway cluster under /tmp on a free
# loopback port, stops and deletes it on exit, and sets PG_URL and PG_VERSION.
find_pg() {
  local name=$1
  pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -z "$pg_bin" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "-- installing Debian postgresql"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null) || true
    pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  fi
  if [ -z "$pg_bin" ]; then
    # Concurrency is only real on PostgreSQL (PGlite runs one transaction at a time).
    if [ -n "${CI:-}" ]; then
      echo "-- FAILED: CI needs the $name run on PostgreSQL, and no PostgreSQL server could be installed here"
      exit 1
    fi
    echo "-- SKIPPED the $name run on PostgreSQL: no PostgreSQL server could be installed here"
    return 1
  fi
}

start_pg_cluster() {
  pg_run_as=()
  if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    pg_run_as=(runuser -u postgres --)
  fi
  pg_cluster=$(mktemp -d /tmp/pgtest.XXXXXX)
  chmod 777 "$pg_cluster"
  local port
  port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  "${pg_run_as[@]}" "$pg_bin/initdb" -D "$pg_cluster/data" -U postgres --auth=trust -E UTF8 >/dev/null
  "${pg_run_as[@]}" "$pg_bin/pg_ctl" -D "$pg_cluster/data" -l "$pg_cluster/log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $pg_cluster -c fsync=off -c max_connections=200" start >/dev/null
  trap stop_pg_cluster EXIT
  PG_URL="postgres://postgres@127.0.0.1:$port/postgres"
  PG_VERSION=$("$pg_bin/postgres" --version | awk '{print $3}')
}

stop_pg_cluster() {
  "${pg_run_as[@]}" "$pg_bin/pg_ctl" -D "$pg_cluster/data" -m fast stop >/dev/null || true
  rm -rf "$pg_cluster"
}

# Sourced by .ci/run: a throw-away PostgreSQL cluster for the test run, on loopback only, trust
# authentication, a free port, its files in a temporary folder; stopped and removed when the
# sourcing shell exits, whether the tests passed or not. Exports PLANDESK_TEST_POSTGRES, the admin
# URL from which the tests make a database of their own per test file.
#
# PostgreSQL refuses to run as root, so under root (a CI container) the cluster belongs to the
# `postgres` user that Debian's package creates.

start_test_postgres() {
  local bin
  bin=$(find /usr/lib/postgresql -maxdepth 3 -path '*/bin/initdb' 2>/dev/null | sort -V | tail -n 1 | xargs -r dirname)
  if [ -z "$bin" ]; then
    echo "no PostgreSQL server found under /usr/lib/postgresql (apt-get install postgresql)" >&2
    return 1
  fi
  TEST_POSTGRES_DIR=$(mktemp -d /tmp/plandesk-ci-postgres.XXXXXX)
  local as=()
  if [ "$(id -u)" -eq 0 ]; then
    chown postgres: "$TEST_POSTGRES_DIR"
    as=(runuser -u postgres --)
  fi
  TEST_POSTGRES_CTL=("${as[@]}" "$bin/pg_ctl" -D "$TEST_POSTGRES_DIR/data")
  trap stop_test_postgres EXIT

  local port
  port=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
  "${as[@]}" "$bin/initdb" -D "$TEST_POSTGRES_DIR/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$TEST_POSTGRES_DIR/initdb.log"
  # Unix socket in the cluster's own folder, TCP on loopback only; enough connections for the
  # tests' serve processes (each holds a few) running side by side.
  "${TEST_POSTGRES_CTL[@]}" -l "$TEST_POSTGRES_DIR/server.log" -w \
    -o "-p $port -k $TEST_POSTGRES_DIR -c listen_addresses=127.0.0.1 -c max_connections=300" start >/dev/null
  export PLANDESK_TEST_POSTGRES="postgres://postgres@127.0.0.1:$port/postgres"
  echo "PostgreSQL for the tests: $PLANDESK_TEST_POSTGRES"
}

stop_test_postgres() {
  if [ -n "${TEST_POSTGRES_DIR:-}" ]; then
    "${TEST_POSTGRES_CTL[@]}" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$TEST_POSTGRES_DIR"
  fi
}

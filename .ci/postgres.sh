# Start a throw-away PostgreSQL server for the test suite; sourced by .ci/run.
# Uses Debian's packages (installed when missing), a temporary data folder, a local port and
# trust authentication on the loopback address only. `pg_stop` ends it; .ci/run traps it.

pg_bin() {
  local dir
  for dir in /usr/lib/postgresql/*/bin; do
    [ -x "$dir/initdb" ] && { echo "$dir"; return 0; }
  done
  return 1
}

pg_start() {
  if ! pg_bin >/dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq postgresql >/dev/null
  fi
  local bin
  bin="$(pg_bin)"
  PG_DIR="$(mktemp -d /tmp/spot-on-pg.XXXXXX)"
  PG_PORT="${PG_PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}"
  # PostgreSQL refuses to run as root: run it as the packages' postgres user then.
  PG_AS=()
  if [ "$(id -u)" = 0 ]; then
    chown postgres "$PG_DIR"
    PG_AS=(runuser -u postgres --)
  fi
  "${PG_AS[@]}" "$bin/initdb" -D "$PG_DIR/data" -U postgres --auth=trust -E UTF8 >/dev/null
  "${PG_AS[@]}" "$bin/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w \
    -o "-h 127.0.0.1 -p $PG_PORT -k $PG_DIR -c fsync=off -c full_page_writes=off" start >/dev/null
  "${PG_AS[@]}" "$bin/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres spot_on
  export DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/spot_on"
  echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$PG_PORT"
}

pg_stop() {
  [ -n "${PG_DIR:-}" ] || return 0
  "${PG_AS[@]}" "$(pg_bin)/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$PG_DIR"
  PG_DIR=""
}

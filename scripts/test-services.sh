#!/usr/bin/env bash
# Throwaway PostgreSQL and Redis on loopback, for the service profile's tests (as a test harness would run them, never
# as system services). Debian's packages: `apt-get install -y postgresql redis-server nginx`.
#
#   eval "$(scripts/test-services.sh start /tmp/backroom-services)"   # starts both; prints two export lines to source
#   scripts/test-services.sh stop /tmp/backroom-services              # stops both and deletes the folder
#
# PG_PORT (default 55432) and REDIS_PORT (default 56379) choose the ports. PostgreSQL refuses to run as root, so as root
# it runs as the `postgres` user that Debian's package creates.
set -euo pipefail

action="${1:?usage: test-services.sh start|stop DIR}"
dir="${2:?usage: test-services.sh start|stop DIR}"
pg_port="${PG_PORT:-55432}"
redis_port="${REDIS_PORT:-56379}"
pg_bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"

as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$action" in
  start)
    [ -x "$pg_bin/initdb" ] || { echo "PostgreSQL is not installed (apt-get install -y postgresql)" >&2; exit 1; }
    command -v redis-server >/dev/null || { echo "Redis is not installed (apt-get install -y redis-server)" >&2; exit 1; }
    mkdir -p "$dir"
    chmod 755 "$dir"
    if [ ! -d "$dir/pg" ]; then
      mkdir -p "$dir/pg"
      [ "$(id -u)" = 0 ] && chown postgres: "$dir/pg"
      as_pg "$pg_bin/initdb" -D "$dir/pg" -U backroom --auth=trust --no-locale -E UTF8 >"$dir/initdb.log"
    fi
    as_pg "$pg_bin/pg_ctl" -D "$dir/pg" -l "$dir/pg/server.log" -w \
      -o "-h 127.0.0.1 -p $pg_port -k $dir/pg -c max_connections=200 -c fsync=off" start >/dev/null
    "$pg_bin/psql" -h 127.0.0.1 -p "$pg_port" -U backroom -d postgres -tAc "select 1 from pg_database where datname = 'backroom'" | grep -q 1 ||
      "$pg_bin/createdb" -h 127.0.0.1 -p "$pg_port" -U backroom backroom
    # Every key Backroom writes carries a TTL, so volatile-lru bounds the total as docs/deploy.md recommends.
    redis-server --bind 127.0.0.1 --port "$redis_port" --daemonize yes --save "" --appendonly no \
      --maxmemory 256mb --maxmemory-policy volatile-lru --dir "$dir" --pidfile "$dir/redis.pid" --logfile "$dir/redis.log"
    for _ in $(seq 50); do redis-cli -p "$redis_port" ping >/dev/null 2>&1 && break; sleep 0.1; done
    echo "export DATABASE_URL=postgres://backroom@127.0.0.1:$pg_port/backroom"
    echo "export REDIS_URL=redis://127.0.0.1:$redis_port"
    ;;
  stop)
    [ -d "$dir/pg" ] && as_pg "$pg_bin/pg_ctl" -D "$dir/pg" -m fast stop >/dev/null 2>&1 || true
    # The Redis this folder started (its pid file), whatever REDIS_PORT says now: another run's may be on the default.
    [ -f "$dir/redis.pid" ] && kill "$(cat "$dir/redis.pid")" 2>/dev/null || true
    rm -rf "$dir"
    ;;
  *)
    echo "usage: test-services.sh start|stop DIR" >&2
    exit 2
    ;;
esac

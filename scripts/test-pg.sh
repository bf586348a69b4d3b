#!/usr/bin/env bash
# `npm run test:pg [-- command …]`: starts a throwaway PostgreSQL the way CI does (.ci/run calls
# this), runs `npm test` (or the command given) with TEST_DATABASE_URL pointing at it, and removes
# the cluster afterwards. Needs PostgreSQL's server programs (initdb, pg_ctl).
set -euo pipefail
cd "$(dirname "$0")/.."

PGBIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}
if [ -z "$PGBIN" ] && command -v initdb >/dev/null; then PGBIN=$(dirname "$(command -v initdb)"); fi
if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/initdb" ]; then
  echo "test:pg: PostgreSQL is not installed (no initdb): \`apt-get install postgresql\` (macOS: \`brew install postgresql@17\`)," >&2
  echo "test:pg: or point TEST_DATABASE_URL at a PostgreSQL you have and run \`npm test\`." >&2
  exit 1
fi

# The first free port from 54329 (CI's), so a second run or a local server does not collide.
PGPORT=${PGPORT:-54329}
while (exec 3<>"/dev/tcp/127.0.0.1/$PGPORT") 2>/dev/null; do PGPORT=$((PGPORT + 1)); done

PGDATA=$(mktemp -d /tmp/medora-pg.XXXXXX)
# initdb refuses to run as root: as root, the cluster belongs to the postgres user.
as_owner=()
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || { echo "test:pg: running as root needs the postgres user (Debian's postgresql package makes it)" >&2; exit 1; }
  chown postgres "$PGDATA"
  as_owner=(runuser -u postgres --)
fi
"${as_owner[@]}" "$PGBIN/initdb" -D "$PGDATA" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
stop_pg() { "${as_owner[@]}" "$PGBIN/pg_ctl" -D "$PGDATA" -m fast stop >/dev/null 2>&1 || true; rm -rf "$PGDATA"; }
trap stop_pg EXIT
# fsync and full-page writes off: a test cluster is thrown away, and durability against a machine crash
# costs time (a killed server still loses nothing it acknowledged). Enough connections for the
# server suite's files in parallel, two instances behind nginx and the chaos tests.
"${as_owner[@]}" "$PGBIN/pg_ctl" -D "$PGDATA" -l "$PGDATA/log" -w \
  -o "-p $PGPORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=300" start >/dev/null
echo "test:pg: throwaway PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PGPORT"

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PGPORT/postgres"
if [ $# -gt 0 ]; then "$@"; else npm test; fi

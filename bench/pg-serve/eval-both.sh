#!/bin/sh
# `cairn eval` on SQLite and on PostgreSQL (--store), the same tasks, in parallel, with a
# PostgreSQL of its own (Debian's binaries, fsync off, as the `postgres` user when root).
# Writes OUT/sqlite.json, OUT/pg.json (and .err: each run's time), OUT/generations.txt.
#   sh bench/pg-serve/eval-both.sh CAIRN_CHECKOUT OUT EVAL_ARGS…   (e.g. --dataset F --repos D --limit 20)
set -eu
CAIRN=$1 OUT=$2; shift 2
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/pg-server.sh"
trap pg_server_stop EXIT
mkdir -p "$OUT"
( /usr/bin/time -f "%e s" node "$CAIRN/bin/cairn.js" eval "$@" --index-root "$OUT/idx-sqlite" --json > "$OUT/sqlite.json" 2> "$OUT/sqlite.err" ) &
( /usr/bin/time -f "%e s" node "$CAIRN/bin/cairn.js" eval "$@" --index-root "$OUT/idx-pg" --store "postgres://cairn@127.0.0.1:$PORT/postgres" --json > "$OUT/pg.json" 2> "$OUT/pg.err" ) &
wait
$AS psql -h 127.0.0.1 -p "$PORT" -U cairn -d postgres -Atc "select count(distinct repository), count(*) from cairn_catalog.generations where state='published'" > "$OUT/generations.txt" 2>&1 || true

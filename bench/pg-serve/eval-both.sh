#!/bin/sh
# `cairn eval` on SQLite and on PostgreSQL (--store), the same tasks, in parallel, with a
# PostgreSQL of its own (Debian's binaries, fsync off, as the `postgres` user when root).
# Writes OUT/sqlite.json, OUT/pg.json (and .err: each run's time), OUT/generations.txt.
#   sh bench/pg-serve/eval-both.sh CAIRN_CHECKOUT OUT EVAL_ARGS…   (e.g. --dataset F --repos D --limit 20)
set -eu
CAIRN=$1 OUT=$2; shift 2
BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
PGDIR=$(mktemp -d /tmp/cairn-eval-pg-XXXXXX)
AS=""
if [ "$(id -u)" = 0 ]; then chown postgres "$PGDIR"; AS="runuser -u postgres --"; fi
PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
$AS "$BIN/initdb" -D "$PGDIR/data" -U cairn -A trust -E UTF8 --locale=C.UTF-8 --no-sync >/dev/null
$AS "$BIN/pg_ctl" -D "$PGDIR/data" -l "$PGDIR/log" -o "-p $PORT -k $PGDIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off" -w start >/dev/null
trap '$AS "$BIN/pg_ctl" -D "$PGDIR/data" -m immediate -w stop >/dev/null 2>&1; rm -rf "$PGDIR"' EXIT
mkdir -p "$OUT"
( /usr/bin/time -f "%e s" node "$CAIRN/bin/cairn.js" eval "$@" --index-root "$OUT/idx-sqlite" --json > "$OUT/sqlite.json" 2> "$OUT/sqlite.err" ) &
( /usr/bin/time -f "%e s" node "$CAIRN/bin/cairn.js" eval "$@" --index-root "$OUT/idx-pg" --store "postgres://cairn@127.0.0.1:$PORT/postgres" --json > "$OUT/pg.json" 2> "$OUT/pg.err" ) &
wait
$AS psql -h 127.0.0.1 -p "$PORT" -U cairn -d postgres -Atc "select count(distinct repository), count(*) from cairn_catalog.generations where state='published'" > "$OUT/generations.txt" 2>&1 || true

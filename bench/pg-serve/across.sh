#!/bin/sh
# Search across repositories of one PostgreSQL database: publishes each REPO (`cairn index
# --store`, timed), then times `cairn search --repos '*'` from a fresh index folder (every
# repository checked out) and again warm (farm-bench: whole process, median of 10), and the
# same search of one repository alone. A PostgreSQL of its own (fsync off). Usage:
#   sh bench/pg-serve/across.sh CAIRN_CHECKOUT WORK QUERY REPO…
set -eu
CAIRN=$1 WORK=$2 QUERY=$3; shift 3
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/pg-server.sh"
trap pg_server_stop EXIT
mkdir -p "$WORK"
for repo in "$@"; do
  start=$(date +%s.%N)
  node "$CAIRN/bin/cairn.js" index "$repo" --store "$URL" --index-dir "$WORK/indexer-$(basename "$repo")" | tail -n 1
  echo "index $(basename "$repo"): $(echo "$(date +%s.%N) - $start" | bc) s"
done
echo "database: $($AS psql -h 127.0.0.1 -p "$PORT" -U cairn -d postgres -Atc "select pg_size_pretty(pg_database_size('postgres'))")"
FIRST=$1
SEARCH="node $CAIRN/bin/cairn.js search \"$QUERY\" --store $URL --repo $FIRST --kind symbol --limit 10"
start=$(date +%s.%N)
sh -c "$SEARCH --repos '*' --index-dir $WORK/fresh" | head -n 4
echo "fresh --repos '*' (checks out every repository): $(echo "$(date +%s.%N) - $start" | bc) s"
farm-bench -n 10 --timeout 600 -- sh -c "$SEARCH --repos '*' --index-dir $WORK/fresh >/dev/null" 2>&1 | tail -n 6
farm-bench -n 10 --timeout 600 -- sh -c "$SEARCH --repos $(basename "$FIRST") --index-dir $WORK/fresh >/dev/null" 2>&1 | tail -n 6

#!/bin/sh
# Many clients over two `cairn serve --store` replicas on one database against one SQLite
# `cairn serve` of the same index: `cairn index --store` builds the SQLite index in
# WORK/indexer and publishes it; the SQLite server answers from that index, each replica
# from its own checkout of the published generation. Warm-up, then per round the SQLite
# server and the replica pair in turn: CLIENTS clients, REQUESTS searches each, and a tenth
# as many contexts (4k). A PostgreSQL of its own (fsync off). Usage:
#   [QUERIES=FILE] sh bench/pg-serve/replicas.sh CAIRN_CHECKOUT REPO WORK [ROUNDS] [CLIENTS] [REQUESTS]
set -eu
CAIRN=$1 REPO=$2 WORK=$3 ROUNDS=${4:-2} CLIENTS=${5:-50} REQUESTS=${6:-10}
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/pg-server.sh"
mkdir -p "$WORK"
PIDS="$WORK/serve.pids"
: >"$PIDS"
cleanup() {
  while read -r pid; do kill "$pid" 2>/dev/null || true; done <"$PIDS"
  pg_server_stop
}
trap cleanup EXIT INT TERM
start=$(date +%s.%N)
node "$CAIRN/bin/cairn.js" index "$REPO" --store "$URL" --index-dir "$WORK/indexer" | tail -n 1
echo "index --store: $(echo "$(date +%s.%N) - $start" | bc) s"
serve() { # name, extra args → prints the URL
  name=$1
  shift
  CAIRN_LOG=warn node "$CAIRN/bin/cairn.js" serve --port 0 --no-watch --repo "$REPO" "$@" >"$WORK/$name.out" 2>"$WORK/$name.err" &
  echo $! >>"$PIDS"
  for _ in $(seq 1 1200); do
    if grep -q '^http://' "$WORK/$name.out" 2>/dev/null; then grep '^http://' "$WORK/$name.out"; return; fi
    sleep 0.1
  done
  echo "no URL: $(cat "$WORK/$name.err")" >&2
  exit 1
}
sqlite=$(serve sqlite --index-dir "$WORK/indexer")
pg1=$(serve pg1 --store "$URL" --index-dir "$WORK/replica1")
pg2=$(serve pg2 --store "$URL" --index-dir "$WORK/replica2")
for url in "$sqlite" "$pg1 $pg2"; do
  # shellcheck disable=SC2086 # two URLs for the replica pair
  node "$HERE/load.mjs" ${QUERIES:+--queries "$QUERIES"} --clients 4 --requests 2 $url >/dev/null
done
for round in $(seq 1 "$ROUNDS"); do
  for store in sqlite replicas; do
    if [ "$store" = sqlite ]; then urls=$sqlite; else urls="$pg1 $pg2"; fi
    # shellcheck disable=SC2086
    echo "$store round $round search $(node "$HERE/load.mjs" ${QUERIES:+--queries "$QUERIES"} --clients "$CLIENTS" --requests "$REQUESTS" $urls)"
    # shellcheck disable=SC2086
    echo "$store round $round context $(node "$HERE/load.mjs" ${QUERIES:+--queries "$QUERIES"} --clients "$CLIENTS" --requests "$(( (REQUESTS + 9) / 10 ))" --route context $urls)"
  done
done

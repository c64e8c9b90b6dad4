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
. "$HERE/published-servers.sh"
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

#!/bin/sh
# Search and context latency of one repository on the two stores, one server each, in turn:
# `cairn index --store` builds the SQLite index in WORK/indexer and publishes it; one `cairn
# serve` answers from that SQLite index, one `cairn serve --store` from the published
# generation (its own index folder); load.mjs with a few clients (latency, not overload),
# ROUNDS times, the two servers alternating. A PostgreSQL of its own (fsync off). Usage:
#   [QUERIES=FILE] sh bench/pg-serve/stores.sh CAIRN_CHECKOUT REPO WORK [ROUNDS] [CLIENTS]
set -eu
CAIRN=$1 REPO=$2 WORK=$3 ROUNDS=${4:-2} CLIENTS=${5:-4}
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/pg-server.sh"
. "$HERE/published-servers.sh"
sqlite=$(serve sqlite --index-dir "$WORK/indexer")
pg=$(serve pg --store "$URL" --index-dir "$WORK/replica")
for url in "$sqlite" "$pg"; do
  node "$HERE/load.mjs" ${QUERIES:+--queries "$QUERIES"} --clients 4 --requests 2 "$url" >/dev/null
  node "$HERE/load.mjs" ${QUERIES:+--queries "$QUERIES"} --clients 4 --requests 1 --route context "$url" >/dev/null
done
for round in $(seq 1 "$ROUNDS"); do
  for store in sqlite pg; do
    url=$(eval echo "\$$store")
    echo "$store round $round search $(node "$HERE/load.mjs" ${QUERIES:+--queries "$QUERIES"} --clients "$CLIENTS" --requests 25 "$url")"
    echo "$store round $round context $(node "$HERE/load.mjs" ${QUERIES:+--queries "$QUERIES"} --clients "$CLIENTS" --requests 5 --route context "$url")"
  done
done

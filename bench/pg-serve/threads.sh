#!/bin/sh
# Two builds of cairn, each as two `cairn serve --store` replicas on one PostgreSQL database,
# under the same load (load.mjs), in turn: before/after a change to how a replica answers.
# Starts its own PostgreSQL (Debian's binaries, fsync off, in a temporary folder, as the
# `postgres` user when root), publishes REPO's index once, then ROUNDS times: for each
# build, two replicas with fresh index folders, the search load then the context load.
# Prints one JSON line per load run, prefixed by the build's label. CONFIG=FILE hands the
# replicas a cairn.yaml of their own (e.g. serve.queueWaitMs, to see the load without
# shedding). Usage:
#   [CONFIG=FILE] sh bench/pg-serve/threads.sh REPO WORKDIR before=/path/to/cairnA after=/path/to/cairnB [ROUNDS]
# (each path holds bin/cairn.js and a built dist/).
set -eu
REPO=$1 WORK=$2 A=$3 B=$4 ROUNDS=${5:-2} CONFIG=${CONFIG:-}
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/pg-server.sh"
PIDS="$WORK/serve.pids"
: >"$PIDS"
stop_replicas() {
  while read -r pid; do kill "$pid" 2>/dev/null || true; done <"$PIDS"
  : >"$PIDS"
}
cleanup() {
  stop_replicas
  pg_server_stop
}
trap cleanup EXIT INT TERM

label() { echo "${1%%=*}"; }
path() { echo "${1#*=}"; }

node "$(path "$B")/bin/cairn.js" index "$REPO" --store "$URL" --index-dir "$WORK/indexer" >/dev/null

serve() { # build-path index-dir → prints the URL
  out="$2.out"
  rm -rf "$2" "$out"
  CAIRN_LOG=warn node "$1/bin/cairn.js" serve --port 0 --store "$URL" --repo "$REPO" --index-dir "$2" ${CONFIG:+--config "$CONFIG"} >"$out" 2>"$2.err" &
  echo $! >>"$PIDS"
  for _ in $(seq 1 300); do
    if grep -q '^http://' "$out" 2>/dev/null; then grep '^http://' "$out"; return; fi
    sleep 0.1
  done
  echo "no URL from cairn serve: $(cat "$2.err")" >&2
  exit 1
}

for round in $(seq 1 "$ROUNDS"); do
  for build in "$A" "$B"; do
    name=$(label "$build")
    u1=$(serve "$(path "$build")" "$WORK/$name-r1")
    u2=$(serve "$(path "$build")" "$WORK/$name-r2")
    # Warm: each replica checks out the generation, and each of its threads opens the index and loads the tokenizer.
    node "$HERE/load.mjs" --clients 8 --requests 2 "$u1" "$u2" >/dev/null
    node "$HERE/load.mjs" --clients 8 --requests 2 --route context "$u1" "$u2" >/dev/null
    echo "$name round $round search $(node "$HERE/load.mjs" --clients 50 --requests 10 "$u1" "$u2")"
    echo "$name round $round context $(node "$HERE/load.mjs" --clients 50 --requests 2 --route context "$u1" "$u2")"
    stop_replicas
    sleep 1
  done
done

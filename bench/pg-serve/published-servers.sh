# Sourced by stores.sh and replicas.sh after pg-server.sh, with CAIRN, REPO and WORK set:
# `cairn index --store` of REPO into WORK/indexer (the SQLite index a local server answers
# from, published as the generation replicas check out), `serve NAME ARGS…` starting a
# `cairn serve` and printing its URL, and a trap stopping the servers and PostgreSQL.
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

#!/usr/bin/env bash
# Many repositories in one PostgreSQL database (issue 25): index each tree with
# `cairn index --store` (timed), the database's size, then one `cairn serve --store` over
# all of them (replica checkouts into fresh folders) and searches spanning every repository
# (`repos: "*"`) against searches of one repository, through bench/pg-serve/load.mjs.
# Usage: bench/pg-serve/many-repos.sh URL TREES_DIR WORK_DIR   (SERVE_ONLY=1: skip the indexing)
# The server keeps each repository's replica checkout in <tree>/.cairn (one --index-dir
# cannot name several repositories' indexes).
set -euo pipefail
url=$1 trees=$2 work=$3
cairn="node $(cd "$(dirname "$0")/../.." && pwd)/bin/cairn.js"
load="node $(cd "$(dirname "$0")" && pwd)/load.mjs"
queries="$(cd "$(dirname "$0")/.." && pwd)/tasks/many-repos.txt"
mkdir -p "$work/build"
if [[ -z "${SERVE_ONLY:-}" ]]; then
total_files=0
start_all=$(date +%s.%N)
for tree in "$trees"/*/; do
  name=$(basename "$tree")
  start=$(date +%s.%N)
  summary=$($cairn index "$tree" --store "$url" --index-dir "$work/build/$name" --json 2>>"$work/index.err")
  end=$(date +%s.%N)
  files=$(node -e 'const s=JSON.parse(process.argv[1]); console.log(s.files)' "$summary")
  total_files=$((total_files + files))
  printf '{"repository":"%s","files":%s,"seconds":%.1f}\n' "$name" "$files" "$(echo "$end - $start" | bc)"
done
end_all=$(date +%s.%N)
printf '{"repositories":%d,"files":%d,"index_seconds":%.1f}\n' "$(ls -d "$trees"/*/ | wc -l)" "$total_files" "$(echo "$end_all - $start_all" | bc)"
fi
psql "$url" -Atc "SELECT json_build_object('database_bytes', pg_database_size(current_database()))"
args=()
for tree in "$trees"/*/; do name=$(basename "$tree"); args+=(--repo "$name=$tree"); done
port=$((40000 + RANDOM % 20000))
$cairn serve "${args[@]}" --store "$url" --port "$port" --no-watch --log-level warn 2>>"$work/serve.err" &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
started=$(date +%s.%N)
until curl -sf "http://127.0.0.1:$port/health" >/dev/null; do sleep 0.2; done
printf '{"serve_ready_seconds":%.1f}\n' "$(echo "$(date +%s.%N) - $started" | bc)"
# Warm every repository once (a replica checks out each generation on first use).
$load --clients 1 --requests 20 --repos '*' --queries "$queries" "http://127.0.0.1:$port" >/dev/null
for round in 1 2; do
  echo "{\"round\":$round,\"across_all\":$($load --clients 1 --requests 40 --repos '*' --queries "$queries" "http://127.0.0.1:$port"),\"one_repository\":$($load --clients 1 --requests 40 --repo sympy --queries "$queries" "http://127.0.0.1:$port")}"
done
echo "{\"across_all_10_clients\":$($load --clients 10 --requests 10 --repos '*' --queries "$queries" "http://127.0.0.1:$port")}"

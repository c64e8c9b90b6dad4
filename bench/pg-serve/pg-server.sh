# Sourced by the bench scripts here: starts a PostgreSQL of the script's own (Debian's
# newest binaries, fsync off, as the `postgres` user when run as root, a free loopback
# port) and sets BIN, PGDIR, AS, PORT and URL; `pg_server_stop` stops it and removes it.
BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
PGDIR=$(mktemp -d /tmp/cairn-bench-pg-XXXXXX)
AS=""
if [ "$(id -u)" = 0 ]; then chown postgres "$PGDIR"; AS="runuser -u postgres --"; fi
PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
$AS "$BIN/initdb" -D "$PGDIR/data" -U cairn -A trust -E UTF8 --locale=C.UTF-8 --no-sync >/dev/null
$AS "$BIN/pg_ctl" -D "$PGDIR/data" -l "$PGDIR/log" -o "-p $PORT -k $PGDIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=300" -w start >/dev/null
URL="postgres://cairn@127.0.0.1:$PORT/postgres"

pg_server_stop() {
  $AS "$BIN/pg_ctl" -D "$PGDIR/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$PGDIR"
}

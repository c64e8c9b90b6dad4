// The synchronous PostgreSQL client, chosen by measurement (bench/README.md, "Team scale"):
// libpq's binding called synchronously (through pg-native, the same libpq calls cairn's
// src/store/postgres/connection.ts makes) against the pure-JavaScript `pg` run behind a
// worker thread made synchronous by synckit. Per-call p50/p90 of trivial, parameterised,
// prepared and 100-row queries on a temporary table.
//
//   npm install --no-save pg-native@3.9 pg@8 synckit@0.12   (not dependencies of cairn)
//   node bench/pg-driver/latency.mjs postgres://cairn@127.0.0.1:55433/postgres
import Client from 'pg-native';
import { createSyncFn } from 'synckit';
const url = process.argv[2];
const c = new Client(); c.connectSync(url);
c.querySync('create temp table t(id int primary key, v text)');
c.querySync("insert into t select g, repeat('x', 40) from generate_series(1,10000) g");
c.prepareSync('q', 'select id, v from t where id = $1', 1);
function time(label, n, f) { for (let i=0;i<200;i++) f(i); const xs=[]; for (let i=0;i<n;i++){const s=process.hrtime.bigint(); f(i); xs.push(Number(process.hrtime.bigint()-s)/1e3);} xs.sort((a,b)=>a-b); console.log(label.padEnd(24), 'p50', xs[n>>1].toFixed(0), 'p90', xs[Math.floor(n*0.9)].toFixed(0), 'µs'); }
time('pg-native select 1', 5000, () => c.querySync('select 1'));
time('pg-native param', 5000, (i) => c.querySync('select id, v from t where id = $1', [i%10000+1]));
time('pg-native prepared', 5000, (i) => c.executeSync('q', [i%10000+1]));
time('pg-native 100 rows', 2000, (i) => c.querySync('select id, v from t where id between $1 and $1+99', [i%9000+1]));
process.env.PG_URL = url;
const s = createSyncFn(new URL('./worker.mjs', import.meta.url).pathname);
s('create temp table t(id int primary key, v text)', []);
s("insert into t select g, repeat('x', 40) from generate_series(1,10000) g", []);
time('synckit+pg select 1', 3000, () => s('select 1', []));
time('synckit+pg param', 3000, (i) => s('select id, v from t where id = $1', [i%10000+1]));
time('synckit+pg 100 rows', 2000, (i) => s('select id, v from t where id between $1 and $1+99', [i%9000+1]));
process.exit(0);

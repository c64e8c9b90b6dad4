// The worker thread of latency.mjs: `pg` queries answered through synckit.
import { runAsWorker } from 'synckit';
import pg from 'pg';
let client;
runAsWorker(async (sql, params) => {
  if (!client) { client = new pg.Client(process.env.PG_URL); await client.connect(); }
  const r = await client.query(sql, params);
  return r.rows;
});

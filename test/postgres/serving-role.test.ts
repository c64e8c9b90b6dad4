// Serving with a role that may read the index catalog and write only the shared state: the
// grants block of src/store/postgres/README.md is applied as written (role and schema names
// replaced), and a `cairn serve` replica logged in as that role searches, hydrates and
// diagnoses, and `cairn failures record` works as it, while publishing an index as it is
// refused — a README whose grants fall short fails here.

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { asSuperuser, pgUrl } from '../support/postgres.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { SHOP_BUNDLE } from '../support/shop-handoff.js';
import { fixtureRepo, tempDir, type TempDir } from '../support/temp-repo.js';

const url = pgUrl();
const ENV = { CAIRN_DATABASE_URL: '' };
const README = fileURLToPath(new URL('../../src/store/postgres/README.md', import.meta.url));

/** The README's grants, as statements for `role` on `schema`. */
function documentedGrants(role: string, schema: string): string[] {
  const text = readFileSync(README, 'utf8');
  const section = text.slice(text.indexOf('## Grants'));
  const block = /```sql\n([\s\S]*?)```/.exec(section)![1]!;
  return block
    .replaceAll('cairn_serve', role)
    .replaceAll('repo_x', schema)
    .split(';')
    .map((statement) => statement.replace(/--[^\n]*/g, '').trim())
    .filter((statement) => statement !== '');
}

describe.skipIf(url === null)('a serving role with the documented grants', () => {
  let repo: TempDir;
  let work: TempDir;
  let replica: ServeProcess;
  let servingUrl: string;
  const role = `cairn_serve_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    repo = fixtureRepo('shop');
    work = tempDir('cairn-role-');
    const indexed = await runCli(['index', repo.path, '--store', url!, '--index-dir', join(work.path, 'indexer')], { env: ENV });
    expect(indexed.code).toBe(0);
    const schema = /shared state in schema (repo_\w+)/.exec(indexed.stdout)![1]!;
    asSuperuser(url!, 'public', ...documentedGrants(role, schema).map((sql) => ({ sql })));
    const serving = new URL(url!);
    serving.username = role;
    servingUrl = serving.toString();
    replica = await startServe(['--store', servingUrl, '--repo', repo.path, '--index-dir', join(work.path, 'replica')], ENV);
  }, 120_000);

  afterAll(async () => {
    await replica?.stop();
    asSuperuser(url!, 'public', { sql: `DROP OWNED BY ${role}` }, { sql: `DROP ROLE IF EXISTS ${role}` });
    repo?.remove();
    work?.remove();
  });

  it('searches, hydrates twice, records and finds a failure', async () => {
    expect((await replica.post('/retrieval/search', { query: 'cart total', limit: 3 })).status).toBe(200);
    for (const [query, sequence] of [['cart total', 1], ['apply discount', 2]] as const) {
      const hydrated = await replica.post('/hydrate', { query, conversation_id: 'served', max_tokens: 2000, format: 'json' });
      expect(hydrated.json['error'] ?? null).toBeNull();
      expect(hydrated.json['sequence']).toBe(sequence);
    }
    const context = await replica.post('/retrieval/context', { task: 'Cart.total applies the discount after tax', max_tokens: 3000 });
    expect(context.json['error'] ?? null).toBeNull();
    work.write('bundle.json', JSON.stringify(SHOP_BUNDLE));
    const recorded = await runCli(['failures', 'record', '--bundle', join(work.path, 'bundle.json'), '--resolution', 'validate quantities', '--repo', repo.path, '--store', servingUrl, '--index-dir', join(work.path, 'cli')], { env: ENV });
    expect(recorded.stderr).toBe('');
    expect(recorded.code).toBe(0);
    const listed = await runCli(['failures', 'list', '--repo', repo.path, '--store', servingUrl, '--index-dir', join(work.path, 'cli')], { env: ENV });
    expect(listed.stdout).toContain('validate quantities');
  });

  it('cannot publish an index', async () => {
    const published = await runCli(['index', repo.path, '--store', servingUrl, '--index-dir', join(work.path, 'indexer')], { env: ENV });
    expect(published.code).toBe(4);
    expect(published.stderr.split('\n')[0]).toMatch(/^cairn: PostgreSQL at postgres:\/\/cairn_serve_\w+@127\.0\.0\.1:\d+\/postgres refused: .*permission denied/);
  });
});

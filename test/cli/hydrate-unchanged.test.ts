// Regression of issue 21 through the real binary: `cairn hydrate` re-sent every block earlier
// episodes showed; unchanged ones are one line each now, their code sent again only with
// --resend-unchanged.

import { afterEach, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../support/cli.js';
import { fixtureRepo, type TempDir } from '../support/temp-repo.js';

const repos: TempDir[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.remove();
});

const TOTAL = 'shop/cart.py::Cart.total';

function ok(result: CliResult): CliResult {
  expect(result.code, result.stderr).toBe(0);
  return result;
}

describe('cairn hydrate and what earlier episodes showed', () => {
  it('regression: a later hydration re-sent unchanged earlier blocks; they are listed, and sent again with --resend-unchanged', async () => {
    const repo = fixtureRepo('shop');
    repos.push(repo);
    const cairn = (...args: string[]) => runCli([...args, '--repo', repo.path, '--conversation', 'c1', '--max-tokens', '2000']);
    ok(await cairn('hydrate', 'The total is wrong: look at `Cart.total`', '--episode', 'e1'));
    const listed = ok(await cairn('hydrate', 'Charging a card fails with PaymentError', '--episode', 'e2'));
    expect(listed.stdout).toContain(`\nunchanged since episode e1: ${TOTAL}\n`);
    expect(listed.stdout).not.toContain('def total(self) -> float:');
    const resent = ok(await cairn('hydrate', 'Charging a card fails with PaymentError', '--episode', 'e3', '--resend-unchanged'));
    expect(resent.stdout).toContain(`## ${TOTAL}\n`);
    expect(resent.stdout).toContain('def total(self) -> float:');
  });
});

// Issue 22: a bearer token of twenty spaces was accepted for a non-loopback bind (only its
// length was checked). `cairn serve` now refuses, before listening, tokens that are empty,
// whitespace, hold whitespace or have too few distinct characters — from --token and from
// CAIRN_TOKEN alike — saying how to make a good one, and never printing the token.

import { describe, expect, it } from 'vitest';
import { tokenWeakness } from '../../src/faces/http/token-strength.js';
import { runCli } from '../support/cli.js';
import { fixtureRepo } from '../support/temp-repo.js';

describe('bearer token strength', () => {
  it('a token of twenty spaces was accepted for a non-loopback bind: now exit 2 naming the flaw and how to make a token', async () => {
    const repo = fixtureRepo('shop');
    try {
      const cases: [string[], Record<string, string>, string][] = [
        [['--token', ' '.repeat(20)], {}, 'the bearer token is only whitespace'],
        [[], { CAIRN_TOKEN: ' '.repeat(20) }, 'the bearer token is only whitespace'],
        [['--token', 'a'.repeat(24)], {}, 'has only 1 distinct character'],
        [['--token', 'abababababababababab'], {}, 'has only 2 distinct characters'],
        [['--token', 'good-looking token 123'], {}, 'holds whitespace'],
        [['--token', ''], {}, 'the bearer token is empty'],
      ];
      for (const [flags, env, message] of cases) {
        const result = await runCli(['serve', '--repo', repo.path, '--host', '0.0.0.0', '--port', '0', ...flags], { env, killAfterMs: 20_000 });
        expect(result.code, message).toBe(2);
        expect(result.stderr).toContain(message);
        expect(result.stderr).toContain('openssl rand -hex 32');
        expect(result.stdout).toBe('');
        expect(result.stderr).not.toContain('a'.repeat(24));
      }
    } finally {
      repo.remove();
    }
  });

  it('accepts random tokens (hex, base64url) and a long passphrase-like token', () => {
    expect(tokenWeakness('3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a')).toBeNull();
    expect(tokenWeakness('test-token-5f0c9a1e2b7d4c38')).toBeNull();
    expect(tokenWeakness('Zx7_q2Lm9-Np4Rs6Tv8Wb')).toBeNull();
  });
});

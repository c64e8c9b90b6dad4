import { describe, expect, it } from 'vitest';
import { isCairnError } from '../core/errors.js';
import { createLogging, parseLogVariable } from './logger.js';

function capture(level: 'trace' | 'debug' | 'info' | 'warn', format: 'text' | 'json') {
  const lines: string[] = [];
  const logging = createLogging({ level, format }, (line) => lines.push(line));
  return { ...logging, lines };
}

describe('the logger', () => {
  it('writes JSON lines with level names, or one text line per entry', () => {
    const json = capture('info', 'json');
    json.logger.info({ requestId: 'r-1', status: 200 }, 'request');
    json.logger.debug('not at info');
    expect(json.lines).toHaveLength(1);
    expect(JSON.parse(json.lines[0]!)).toMatchObject({ level: 'info', requestId: 'r-1', status: 200, msg: 'request' });

    const text = capture('debug', 'text');
    text.logger.debug({ ms: 12 }, 'index refreshed');
    expect(text.lines.join('')).toMatch(/DEBUG: index refreshed \{"ms":12\}\n$/);
  });

  it('redacts secret fields by name and every protected value wherever it appears, at every level', () => {
    const secret = 'sk-test-0123456789abcdef';
    for (const format of ['json', 'text'] as const) {
      const log = capture('trace', format);
      log.protect(secret);
      log.logger.trace({ token: 'field-named-token-value', headers: { authorization: 'Bearer abc-def-ghi' } }, 'fields');
      log.logger.info({ url: `http://x/?key=${secret}` }, `message with ${secret}`);
      log.logger.error({ err: new Error(`provider refused key ${secret}`) }, 'failed');
      const all = log.lines.join('');
      expect(all).not.toContain(secret);
      expect(all).not.toContain('field-named-token-value');
      expect(all).not.toContain('abc-def-ghi');
      expect(all).toContain('[redacted]');
    }
  });

  it('redacts values shaped like credentials that were never registered (the shared redactor), in both formats', () => {
    for (const format of ['json', 'text'] as const) {
      const log = capture('info', format);
      log.logger.warn({ baseUrl: 'http://bob:pw-0a9b8c7d@llm.internal:8080/v1' }, 'provider unreachable: ghp_R2d8kLq0Zx7vB3nM5pW9yT1cF6hJ4sA8eU0i refused');
      const all = log.lines.join('');
      expect(all).not.toContain('pw-0a9b8c7d');
      expect(all).not.toContain('ghp_R2d8kLq0Zx7vB3nM5pW9yT1cF6hJ4sA8eU0i');
      expect(all).toContain('http://bob:[redacted]@llm.internal:8080/v1');
    }
  });

  it('scrubs a protected value that JSON escapes (quotes, backslashes)', () => {
    const log = capture('info', 'json');
    const secret = 'p"ss\\word-1234567';
    log.protect(secret);
    log.logger.info({ note: secret }, 'escaped');
    expect(log.lines.join('')).not.toContain(JSON.stringify(secret).slice(1, -1));
  });

  it('reads CAIRN_LOG as a level and a format; anything else is a configuration error naming the part', () => {
    expect(parseLogVariable('debug')).toEqual({ level: 'debug' });
    expect(parseLogVariable('info,json')).toEqual({ level: 'info', format: 'json' });
    expect(parseLogVariable(' TEXT : warn ')).toEqual({ level: 'warn', format: 'text' });
    expect(parseLogVariable(undefined)).toEqual({});
    let caught: unknown;
    try {
      parseLogVariable('verbose');
    } catch (error) {
      caught = error;
    }
    expect(isCairnError(caught) && caught.code).toBe('CONFIG_INVALID');
    expect((caught as Error).message).toContain('"verbose"');
  });
});

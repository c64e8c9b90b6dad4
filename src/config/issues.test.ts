import { describe, expect, it } from 'vitest';
import { describeConfigIssues } from './issues.js';
import { configSchema } from './schema.js';

describe('describeConfigIssues', () => {
  it('names the key, the value found and what is allowed', () => {
    const raw = { index: { maxFileBytes: -1 }, serve: { prot: 80, cache: { ttl: 'long' } }, mcp: { maxTokens: 50_000 } };
    const result = configSchema.safeParse(raw);
    expect(result.success).toBe(false);
    const text = describeConfigIssues(result.error!, raw, configSchema);
    expect(text).toContain('index.maxFileBytes: -1 is not allowed (too small');
    expect(text).toContain('serve.prot: unknown key (allowed: host, port, bodyLimitBytes, timeoutMs, cache, concurrency, queueLength, queueWaitMs)');
    expect(text).toContain('serve.cache.ttl: "long" is not allowed (invalid input: expected number');
    expect(text).toContain('mcp.maxTokens: 50000 is not allowed (must be at most 20000');
  });
});

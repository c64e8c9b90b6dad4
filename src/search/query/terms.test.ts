import { describe, expect, it } from 'vitest';
import { parseIssueText } from './issue-text.js';
import { collectTerms } from './terms.js';

describe('collectTerms', () => {
  it('counts a token once per pasted block however many log lines repeat it', () => {
    const log = Array.from({ length: 30 }, (_, line) => `[debug] step ${line} loaded`).join('\n');
    const issue = parseIssueText(`Upload fails for private playlists\n\n\`\`\`\n${log}\n\`\`\`\n`);
    const weights = collectTerms(issue);
    expect(weights.get('debug')).toBeCloseTo(0.4);
    expect(weights.get('upload')).toBeGreaterThan(weights.get('debug')!);
  });

  it('adds up a token across blocks and sources', () => {
    const issue = parseIssueText('Parser drops comments\n\n```\nparser error\n```\n\n```\nparser error again\n```\n');
    expect(collectTerms(issue).get('error')).toBeCloseTo(0.8);
  });
});

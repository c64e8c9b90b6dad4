import { describe, expect, it } from 'vitest';
import { parseIssueText } from './issue-text.js';
import { collectTerms, withoutInstallPaths } from './terms.js';

describe('collectTerms', () => {
  it('counts a token once per pasted block however many log lines repeat it', () => {
    const log = Array.from({ length: 30 }, (_, line) => `[debug] step ${line} loaded`).join('\n');
    const issue = parseIssueText(`Upload fails for private playlists\n\n\`\`\`\n${log}\n\`\`\`\n`);
    const weights = collectTerms(issue);
    expect(weights.get('debug')).toBeCloseTo(0.4);
    expect(weights.get('upload')).toBeGreaterThan(weights.get('debug')!);
  });

  it('traceback path folders (lib, site, packages) do not become keywords: site-packages frames keep only their file name', () => {
    const trace = [
      'Traceback (most recent call last):',
      '  File "/usr/lib/python3.12/site-packages/flask/app.py", line 1511, in wsgi_app',
      '  File "C:\\Users\\me\\venv\\Lib\\site-packages\\werkzeug\\serving.py", line 80, in run',
      'KeyError: session',
    ].join('\n');
    const weights = collectTerms(parseIssueText(`Session lost after login\n\n\`\`\`\n${trace}\n\`\`\`\n`));
    for (const folder of ['lib', 'site', 'packages', 'packag', 'usr', 'users', 'venv']) expect(weights.has(folder), folder).toBe(false);
    for (const kept of ['app', 'wsgi_app', 'serving', 'session']) expect(weights.has(kept), kept).toBe(true);
  });

  it('keeps repository paths written in a task whole', () => {
    expect(withoutInstallPaths('see src/flask/app.py and ./docs/api.rst')).toBe('see src/flask/app.py and ./docs/api.rst');
    expect(withoutInstallPaths('in /home/me/venv/lib/python3.12/site-packages/flask/app.py')).toBe('in app.py');
  });

  it('adds up a token across blocks and sources', () => {
    const issue = parseIssueText('Parser drops comments\n\n```\nparser error\n```\n\n```\nparser error again\n```\n');
    expect(collectTerms(issue).get('error')).toBeCloseTo(0.8);
  });
});

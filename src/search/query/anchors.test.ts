import { describe, expect, it } from 'vitest';
import { extractAnchors, looksLikeCode } from './anchors.js';
import { parseIssueText } from './issue-text.js';

describe('parseIssueText', () => {
  it('separates title, prose, code, inline code and links, and drops template boilerplate', () => {
    const issue = parseIssueText(
      [
        'Use tree reduction in `da.bincount`',
        '### Checklist',
        '- [X] I searched the issues',
        '<!-- please describe -->',
        'Currently it reduces [here](https://github.com/dask/dask/blob/2f308e7/dask/array/routines.py#L549).',
        '```python',
        'import dask.array as da',
        '```',
        '_No response_',
      ].join('\n'),
    );
    expect(issue.title).toBe('Use tree reduction in da.bincount');
    expect(issue.inlineCode).toEqual(['da.bincount']);
    expect(issue.codeBlocks).toEqual(['import dask.array as da']);
    expect(issue.urls).toEqual(['https://github.com/dask/dask/blob/2f308e7/dask/array/routines.py#L549']);
    expect(issue.prose).not.toContain('I searched');
    expect(issue.prose).not.toContain('No response');
    expect(issue.prose).not.toContain('please describe');
    expect(issue.prose).not.toContain('https://');
  });
});

describe('git trailers', () => {
  it('are dropped from the body: their names, mail hosts and ids are no words of the task ("Assisted-By: devx/597728f0-…" made f0 a query term)', () => {
    const issue = parseIssueText(
      [
        'Handle imports from dot directories (#3739)',
        'Resolve `.vitepress` paths too.',
        '',
        'Co-authored-by: patak <matias.capeletto@gmail.com>',
        '* Signed-off-by: A Dev <dev@example.org>',
        'Assisted-By: devx/597728f0-1b3f-4153-b929-18dbff6cd683',
        'Closed by the fix: kept, a sentence is no trailer.',
      ].join('\n'),
    );
    expect(issue.prose).toContain('.vitepress');
    expect(issue.prose).toContain('Closed by the fix: kept');
    for (const noise of ['patak', 'gmail', 'Signed-off', 'example.org', 'devx', '597728f0']) expect(issue.prose).not.toContain(noise);
  });
});

describe('a checklist item wrapped onto the next line', () => {
  it('is dropped whole, link and all (trpc PR template named CONTRIBUTING.md, ranked first in six ts-dev tasks)', () => {
    const issue = parseIssueText(
      [
        'fix(client): connectionParams should respect the encoder (#7132)',
        'The encoder is used in wsClient/utils.ts.',
        '## ✅ Checklist',
        '- [x] I have followed the steps listed in the [Contributing',
        'guide](https://github.com/trpc/trpc/blob/main/CONTRIBUTING.md).',
        '- [ ] If necessary, I have added documentation related to the changes made.',
        '',
        'Kept after a blank line.',
      ].join('\n'),
    );
    expect(issue.urls).toEqual([]);
    expect(extractAnchors(issue).paths.map((anchor) => anchor.path)).toEqual(['wsClient/utils.ts']);
    expect(issue.prose).toContain('Kept after a blank line.');
    expect(issue.prose).not.toContain('documentation related');
  });
});

describe('extractAnchors', () => {
  it('finds paths in links and text, names in code and prose, error types and title tags', () => {
    const anchors = extractAnchors(
      parseIssueText(
        [
          '[youtube] Age-restricted videos fail with ExtractorError',
          'See https://github.com/o/r/blob/main/src/prefect/task_engine.py#L1176 and yt_dlp/extractor/common.py:120.',
          'The `AsyncTaskRunEngine.begin_run` step calls run_coro_as_sync() and parse_duration fails.',
        ].join('\n'),
      ),
    );
    expect(anchors.paths).toEqual([
      { path: 'src/prefect/task_engine.py', line: 1176, source: 'url' },
      { path: 'yt_dlp/extractor/common.py', line: 120, source: 'prose' },
    ]);
    expect(anchors.titleTags).toEqual(['youtube']);
    expect(anchors.errorTypes).toEqual(['ExtractorError']);
    const names = Object.fromEntries(anchors.names.map((n) => [n.name, n.source]));
    expect(names).toMatchObject({ 'AsyncTaskRunEngine.begin_run': 'inline', run_coro_as_sync: 'prose', parse_duration: 'prose' });
    expect(names['step']).toBeUndefined(); // plain prose words are not names
  });

  it('regression: the type of a conventional-commit title is no call (fix(timeout): anchored every definition named fix)', () => {
    const names = (title: string): string[] => extractAnchors(parseIssueText(title)).names.map((anchor) => anchor.name);
    expect(names("fix(timeout): make sure NodeJs.Timeout doesn't leak")).toEqual(['NodeJs.Timeout']);
    expect(names('feat(useQuery)!: accept select()')).toEqual(['useQuery', 'select']);
    // A squashed pull request's body lists its commits by the same prefixes.
    expect(names('Restore scrolling\n* fix(react-router): keep position\n- test(rsc): add a case\nThen call reset() here.')).toEqual(['reset']);
  });

  it('regression: a pull request number after a title\'s last word is no call ("empty less file error (#7412)" anchored every definition named error)', () => {
    const names = (text: string): string[] => extractAnchors(parseIssueText(text)).names.map((anchor) => anchor.name);
    expect(names('fix(less): empty less file error (#7412)')).toEqual([]);
    expect(names('Title\nThe cache (see below) is stale; refresh() and retry (x) differ.')).toEqual(['refresh']);
    const inCode = extractAnchors(parseIssueText('Title\n```\nretry (3)\n```')).names.find((anchor) => anchor.name === 'retry');
    expect(inCode?.call).toBe(true); // in code, `foo (x)` is still a call
  });

  it('tells code-like words from prose', () => {
    expect(['snake_case', 'camelCase', 'PascalCaseName', 'a.b.c', '__init__', 'HTTPServer'].map(looksLikeCode)).toEqual([true, true, true, true, true, true]);
    expect(['Hello', 'regression', 'Windows', 'e.g', 'I.E'].map(looksLikeCode)).toEqual([false, false, false, true, false]);
  });
});

// Repositories: each served repository with its index state (files by language, symbols,
// edges, when it was built, the live index), and a search over the chosen one — the hybrid
// ranker's results with the signals that ranked them, filtered by path globs and language.

import { api } from '../api.js';
import { when } from '../format.js';
import { navigate, withParams } from '../router.js';
import { SortableTable } from '../parts/table.js';
import { Pending } from '../parts/status.js';
import { useAsync } from '../use-async.js';
import { viewHref } from '../../views.js';

export interface RepoEntry {
  name: string;
  state: string;
  generation: number;
  indexed_at: number | null;
  refreshing: boolean;
  watching: boolean;
  last_refresh: { at: string; ms: number; reason: string; outcome: string } | null;
  index: { files: number; symbols: number; imports: number; references: number; doc_chunks: number; co_change_pairs: number; commits: number; git_head: string | null; languages: { language: string; files: number }[] } | null;
}

let reposOnce: Promise<{ repos: RepoEntry[] }> | null = null;

/** The served repositories (asked once per page; the Repositories view asks again). */
export function servedRepos(fresh = false): Promise<{ repos: RepoEntry[] }> {
  if (fresh || reposOnce === null) {
    reposOnce = api.get<{ repos: RepoEntry[] }>('/repos');
    reposOnce.catch(() => (reposOnce = null));
  }
  return reposOnce;
}

interface SearchRow {
  path: string;
  symbol?: string;
  line?: number;
  score: number;
  signals?: { signal: string; rank: number | null; contribution: number }[];
}

export function ReposView({ params }: { params: URLSearchParams }) {
  const [repos] = useAsync('repos', () => servedRepos(true));
  const repo = params.get('repo');
  return (
    <>
      <Pending result={repos}>
        {({ repos: list }) => (
          <ul class="repo-list">
            {list.map((entry) => (
              <li class={entry.name === repo ? 'repo chosen' : 'repo'}>
                <RepoCard entry={entry} params={params} />
              </li>
            ))}
          </ul>
        )}
      </Pending>
      {repo ? <SearchPanel params={params} repo={repo} /> : <p class="muted">Choose a repository to search it.</p>}
    </>
  );
}

function RepoCard({ entry, params }: { entry: RepoEntry; params: URLSearchParams }) {
  const index = entry.index;
  return (
    <article aria-labelledby={`repo-${entry.generation}-${entry.name.length}`}>
      <h2 id={`repo-${entry.generation}-${entry.name.length}`}>
        <a href={viewHref('repos', params, { repo: entry.name })}>{entry.name}</a>
      </h2>
      <dl class="facts">
        <div>
          <dt>index</dt>
          <dd data-testid="repo-state">{entry.state}</dd>
        </div>
        <div>
          <dt>files</dt>
          <dd>{index ? String(index.files) : '—'}</dd>
        </div>
        <div>
          <dt>symbols</dt>
          <dd>{index ? String(index.symbols) : '—'}</dd>
        </div>
        <div>
          <dt>edges</dt>
          <dd>{index ? `${index.imports} imports · ${index.references} references · ${index.co_change_pairs} co-change` : '—'}</dd>
        </div>
        <div>
          <dt>built</dt>
          <dd>{when(entry.indexed_at)}</dd>
        </div>
        <div>
          <dt>git head</dt>
          <dd>{index?.git_head ? index.git_head.slice(0, 12) : '—'}</dd>
        </div>
        <div>
          <dt>live index</dt>
          <dd>{`${entry.watching ? 'watching' : 'not watching'}${entry.refreshing ? ', refreshing now' : ''}${entry.last_refresh ? `; last refresh ${when(entry.last_refresh.at)} (${entry.last_refresh.outcome}, ${entry.last_refresh.ms} ms)` : ''}`}</dd>
        </div>
      </dl>
      {index ? (
        <ul class="chips" aria-label="Files by language">
          {index.languages.map((language) => (
            <li>{`${language.language} ${language.files}`}</li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

function SearchPanel({ params, repo }: { params: URLSearchParams; repo: string }) {
  const query = params.get('q') ?? '';
  const kind = params.get('kind') === 'symbol' ? 'symbol' : 'file';
  const paths = params.get('paths') ?? '';
  const language = params.get('lang') ?? '';
  const key = query.trim() === '' ? null : JSON.stringify([repo, query, kind, paths, language]);
  const [results] = useAsync(key, () =>
    api.post<{ results: SearchRow[]; note?: string }>('/retrieval/search', {
      repo,
      query,
      kind,
      limit: 20,
      mode: 'hybrid',
      signals: true,
      filters: { paths: splitList(paths), languages: splitList(language) },
    }),
  );
  return (
    <section aria-labelledby="search-title">
      <h2 id="search-title">{`Search ${repo}`}</h2>
      <form
        class="search"
        method="get"
        action="/ui"
        onSubmit={(event: Event) => {
          event.preventDefault();
          const form = new FormData(event.target as HTMLFormElement);
          navigate(withParams(params, { view: 'repos', q: String(form.get('q') ?? ''), kind: String(form.get('kind') ?? ''), paths: String(form.get('paths') ?? ''), lang: String(form.get('lang') ?? '') }));
        }}
      >
        <input type="hidden" name="view" value="repos" />
        <input type="hidden" name="repo" value={repo} />
        <label>
          Query
          <input name="q" type="search" value={query} placeholder="identifiers, a path, an error message" />
        </label>
        <label>
          Rank
          <select name="kind">
            <option value="file" selected={kind === 'file'}>
              files
            </option>
            <option value="symbol" selected={kind === 'symbol'}>
              symbols
            </option>
          </select>
        </label>
        <label>
          Paths
          <input name="paths" value={paths} placeholder="src/**, tests" />
        </label>
        <label>
          Language
          <input name="lang" value={language} placeholder="python, ts" />
        </label>
        <button type="submit">Search</button>
      </form>
      <Pending result={results}>
        {(answer) => (
          <>
            {answer.note ? <p class="muted">{answer.note}</p> : null}
            <SortableTable
              caption="Results"
              rows={answer.results.map((row, index) => ({ ...row, rank: index + 1 }))}
              columns={[
                { key: 'rank', label: '#', value: (row) => row.rank, numeric: true },
                { key: 'path', label: 'path', value: (row) => row.path },
                { key: 'symbol', label: 'symbol', value: (row) => row.symbol ?? null },
                { key: 'line', label: 'line', value: (row) => row.line ?? null, numeric: true },
                { key: 'score', label: 'score', value: (row) => row.score, numeric: true },
                { key: 'signals', label: 'signals (rank: part of the score)', value: (row) => (row.signals ?? []).filter((entry) => entry.rank !== null).map((entry) => `${entry.signal} #${entry.rank}: ${entry.contribution}`).join(' · ') },
              ]}
            />
          </>
        )}
      </Pending>
    </section>
  );
}

function splitList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

// The page: the views' navigation, the token prompt when the server wants a token the tab
// does not have (or refused the one it has), and the current view. A view that works on a
// repository gets one: the URL's, else the only one served, else a choice.

import { useEffect, useRef, useState } from 'hono/jsx/dom';
import { storedToken, storeToken, tokenRequired } from './api.js';
import { Pending } from './parts/status.js';
import { TokenPrompt } from './parts/token-prompt.js';
import { useAsync } from './use-async.js';
import { navigate, useParams, withParams } from './router.js';
import { DecisionsView } from './views/decisions.js';
import { DiagnosticsView } from './views/diagnostics.js';
import { EpisodesView } from './views/episodes.js';
import { GraphView } from './views/graph.js';
import { ReposView, servedRepos } from './views/repos.js';
import { TaskView } from './views/task.js';
import { TopBar } from '../top-bar.js';
import { pageTitle, viewHref, viewLabel, viewOf, type ViewId } from '../views.js';

export function App() {
  const params = useParams();
  const view = viewOf(params);
  const [asking, setAsking] = useState(tokenRequired() && storedToken() === null);
  const [refused, setRefused] = useState(false);
  const [epoch, setEpoch] = useState(0);
  useEffect(() => {
    const onNeeded = (): void => {
      if (storedToken() !== null) {
        storeToken(null);
        setRefused(true);
      }
      setAsking(true);
    };
    window.addEventListener('cairn:token-needed', onNeeded);
    return () => window.removeEventListener('cairn:token-needed', onNeeded);
  }, []);
  const repo = params.get('repo');
  const firstView = useRef(true);
  useEffect(() => {
    // A new view takes the focus (a screen reader hears its heading); the first one does not.
    if (!firstView.current) document.getElementById('main')?.focus();
    firstView.current = false;
  }, [view]);
  useEffect(() => {
    document.title = pageTitle(view, repo);
  }, [view, repo]);
  return (
    <>
      <TopBar view={view} params={params} repo={repo} />
      <main id="main" tabindex={-1}>
        <h1>{viewLabel(view)}</h1>
        {asking ? (
          <TokenPrompt
            wrong={refused}
            onSaved={() => {
              setAsking(false);
              setRefused(false);
              setEpoch((value) => value + 1);
            }}
          />
        ) : (
          <Current key={`${epoch}`} view={view} params={params} />
        )}
      </main>
    </>
  );
}

function Current({ view, params }: { view: ViewId; params: URLSearchParams }) {
  if (view === 'repos') return <ReposView params={params} />;
  if (!params.get('repo')) return <RepoChoice params={params} view={view} />;
  if (view === 'task') return <TaskView params={params} />;
  if (view === 'graph') return <GraphView params={params} />;
  if (view === 'decisions') return <DecisionsView params={params} />;
  if (view === 'episodes') return <EpisodesView params={params} />;
  return <DiagnosticsView params={params} />;
}

function RepoChoice({ params, view }: { params: URLSearchParams; view: ViewId }) {
  const [repos] = useAsync('repos', () => servedRepos());
  useEffect(() => {
    if (repos.state === 'done' && repos.value.repos.length === 1) navigate(withParams(params, { view, repo: repos.value.repos[0]!.name }), { replace: true });
  }, [repos]);
  return (
    <Pending result={repos}>
      {({ repos: list }) => (
        <>
          <p>This server serves several repositories: choose one.</p>
          <ul>
            {list.map((entry) => (
              <li>
                <a href={viewHref(view, params, { repo: entry.name })}>{entry.name}</a>
              </li>
            ))}
          </ul>
        </>
      )}
    </Pending>
  );
}

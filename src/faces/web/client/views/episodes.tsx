// The Episodes view: the repository's conversations on a timeline, each episode a point in
// time; an episode's blocks (what it showed, and whether it had changed since an earlier
// episode showed it) with each entity's gates A/B/C and state now; and an entity: its state,
// its history, whether the disk still holds what memory holds (with the diff), and — for a
// live version, as `cairn approve` / `cairn reject` allow — the authority buttons.

import { useState } from 'hono/jsx/dom';
import { api, segment } from '../api.js';
import { when } from '../format.js';
import { Pending, ErrorNote } from '../parts/status.js';
import { breakable, SortableTable } from '../parts/table.js';
import { useAsync } from '../use-async.js';
import { viewHref } from '../../views.js';

interface Conversation {
  conversation_id: string;
  last_at: number;
  episodes: { id: string; sequence: number; query: string; created_at: number; used_tokens: number; max_tokens: number; block_count: number; cut_count: number }[];
}

interface Gate {
  passed: boolean;
  reason: string;
}

interface Evaluation {
  entity_key: string;
  version: number;
  structural: Gate;
  authority: Gate;
  fresh: Gate;
  decision: string;
  at: number;
}

interface Block {
  position: number;
  entity_key: string;
  reason: string;
  triggered_by: string;
  token_count: number;
  status: string;
  previous_episode: string | null;
  moved_to: string | null;
}

const LIVE_STATES = new Set(['PROPOSED', 'AUTHORITATIVE']);

export function EpisodesView({ params }: { params: URLSearchParams }) {
  const repo = params.get('repo')!;
  const [conversations] = useAsync(`conversations:${repo}`, () => api.get<{ conversations: Conversation[] }>(`/repos/${segment(repo)}/conversations?limit=200`));
  const episode = params.get('episode');
  const entity = params.get('entity');
  return (
    <>
      <Pending result={conversations}>
        {({ conversations: list }) =>
          list.length === 0 ? <p class="muted">No conversation has hydrated an episode on this repository yet (POST /hydrate, or cairn hydrate).</p> : <Timeline conversations={list} params={params} chosen={episode} />
        }
      </Pending>
      {episode ? <EpisodeDetail repo={repo} episodeId={episode} params={params} /> : null}
      {entity ? <EntityDetail repo={repo} entityKey={entity} /> : null}
    </>
  );
}

function Timeline({ conversations, params, chosen }: { conversations: Conversation[]; params: URLSearchParams; chosen: string | null }) {
  const times = conversations.flatMap((conversation) => conversation.episodes.map((episode) => episode.created_at));
  const first = Math.min(...times);
  const span = Math.max(1, Math.max(...times) - first);
  return (
    <section aria-labelledby="timeline-title">
      <h2 id="timeline-title">{`Conversations (${conversations.length})`}</h2>
      <p class="muted">{`From ${when(first)} to ${when(first + span)}`}</p>
      {conversations.map((conversation) => (
        <div class="conversation">
          <h3>{conversation.conversation_id}</h3>
          <ol class="timeline" data-testid="timeline">
            {conversation.episodes.map((episode) => (
              <li class={episode.id === chosen ? 'chosen' : undefined} style={{ '--at': String((episode.created_at - first) / span) }}>
                <a href={viewHref('episodes', params, { episode: episode.id, entity: undefined })} aria-current={episode.id === chosen ? 'true' : undefined}>
                  <span class="seq">{`#${episode.sequence}`}</span>
                  <span class="time">{when(episode.created_at)}</span>
                  <span class="query">{episode.query}</span>
                  <span class="muted">{`${episode.block_count} blocks, ${episode.used_tokens}/${episode.max_tokens} tokens${episode.cut_count ? `, ${episode.cut_count} cut` : ''}`}</span>
                </a>
              </li>
            ))}
          </ol>
        </div>
      ))}
    </section>
  );
}

function EpisodeDetail({ repo, episodeId, params }: { repo: string; episodeId: string; params: URLSearchParams }) {
  const [data] = useAsync(`episode:${repo}:${episodeId}`, async () => {
    const [hydration, gates] = await Promise.all([
      api.get<{ blocks: Block[]; used_tokens: number; max_tokens: number }>(`/repos/${segment(repo)}/introspect/hydration/${segment(episodeId)}`),
      api.get<{ entities: { evaluation: Evaluation; state_now: string | null }[] }>(`/repos/${segment(repo)}/introspect/gates/${segment(episodeId)}`),
    ]);
    return { hydration, gates };
  });
  return (
    <section aria-labelledby="episode-title">
      <h2 id="episode-title">{`Episode ${episodeId}`}</h2>
      <Pending result={data}>
        {({ hydration, gates }) => {
          const byKey = new Map(gates.entities.map((entry) => [entry.evaluation.entity_key, entry]));
          const rows = hydration.blocks.map((block) => ({ block, gate: byKey.get(block.entity_key) ?? null }));
          return (
            <SortableTable
              caption={`Blocks, ${hydration.used_tokens} of ${hydration.max_tokens} tokens`}
              rows={rows}
              columns={[
                { key: 'position', label: '#', value: (row) => row.block.position, numeric: true },
                { key: 'entity', label: 'entity', value: (row) => row.block.entity_key, render: (row) => <a href={viewHref('episodes', params, { episode: episodeId, entity: row.block.entity_key })}>{breakable(row.block.entity_key)}</a> },
                { key: 'status', label: 'since shown', value: (row) => statusText(row.block) },
                { key: 'why', label: 'why', value: (row) => `${row.block.reason}: ${row.block.triggered_by}` },
                { key: 'tokens', label: 'tokens', value: (row) => row.block.token_count, numeric: true },
                { key: 'gates', label: 'gates A · B · C', value: (row) => (row.gate ? gateText(row.gate.evaluation) : '—') },
                { key: 'decision', label: 'decision', value: (row) => row.gate?.evaluation.decision ?? '—' },
                { key: 'state', label: 'state now', value: (row) => row.gate?.state_now ?? '—' },
              ]}
            />
          );
        }}
      </Pending>
    </section>
  );
}

function statusText(block: Block): string {
  if (block.status === 'changed') return `changed since ${block.previous_episode ?? 'an earlier episode'}`;
  if (block.status === 'moved') return `moved to ${block.moved_to ?? 'elsewhere'}`;
  return block.status;
}

function gateText(evaluation: Evaluation): string {
  return [evaluation.structural, evaluation.authority, evaluation.fresh].map((gate) => (gate.passed ? 'pass' : 'fail')).join(' · ');
}

interface EntityAnswer {
  entity_key: string;
  current: { version: number; state: string } | null;
  etv: { is_stale: boolean; disk_exists: boolean; last_check: number } | null;
  ledger: { seq: number; version: number; from: string | null; to: string; reason: string; at: number }[];
  evaluations: Evaluation[];
}

interface ChangeAnswer {
  changed: boolean;
  diff: string;
  now: string | null;
}

function EntityDetail({ repo, entityKey }: { repo: string; entityKey: string }) {
  const [round, setRound] = useState(0);
  const [data] = useAsync(`entity:${repo}:${entityKey}:${round}`, async () => {
    const [entity, change] = await Promise.all([
      api.get<EntityAnswer>(`/repos/${segment(repo)}/introspect/entity/${segment(entityKey)}`),
      api.get<ChangeAnswer>(`/repos/${segment(repo)}/introspect/change/${segment(entityKey)}`).catch(() => null),
    ]);
    return { entity, change };
  });
  const [actionError, setActionError] = useState<Error | null>(null);
  const decide = async (action: 'approve' | 'reject'): Promise<void> => {
    setActionError(null);
    try {
      await api.post(`/memory/${action}`, { repo, entity_key: entityKey });
      setRound((value) => value + 1);
    } catch (error) {
      setActionError(error as Error);
    }
  };
  return (
    <section aria-labelledby="entity-title" class="entity">
      <h2 id="entity-title">{entityKey}</h2>
      <Pending result={data}>
        {({ entity, change }) => {
          const latest = entity.evaluations[entity.evaluations.length - 1];
          const state = entity.current?.state ?? 'unknown';
          return (
            <>
              <dl class="facts">
                <div>
                  <dt>state</dt>
                  <dd data-testid="entity-state">{`${state}${entity.current ? ` (version ${entity.current.version})` : ''}`}</dd>
                </div>
                <div>
                  <dt>on disk now</dt>
                  <dd>{entity.etv === null ? '—' : !entity.etv.disk_exists ? 'gone' : entity.etv.is_stale ? 'changed since memory recorded it' : 'as memory holds it'}</dd>
                </div>
                {latest ? (
                  <div>
                    <dt>gates</dt>
                    <dd>{`A ${latest.structural.passed ? 'pass' : 'fail'} (${latest.structural.reason}) · B ${latest.authority.passed ? 'pass' : 'fail'} (${latest.authority.reason}) · C ${latest.fresh.passed ? 'pass' : 'fail'} (${latest.fresh.reason}) → ${latest.decision}`}</dd>
                  </div>
                ) : null}
              </dl>
              {LIVE_STATES.has(state) ? (
                <div class="actions">
                  <button type="button" onClick={() => void decide('approve')}>
                    Approve
                  </button>
                  <button type="button" class="danger" onClick={() => void decide('reject')}>
                    Reject
                  </button>
                  <span class="muted">as cairn approve / cairn reject: gate B for this version</span>
                </div>
              ) : (
                <p class="muted">{`A ${state} version cannot be approved or rejected: hydrate it again once it is back.`}</p>
              )}
              {actionError ? <ErrorNote error={actionError} /> : null}
              {change?.changed ? (
                <>
                  <h3>Changed since shown</h3>
                  {change.diff === '' ? <p>{change.now === null ? 'It is gone from disk.' : 'It changed.'}</p> : <Diff text={change.diff} />}
                </>
              ) : null}
              <SortableTable
                caption="History"
                rows={entity.ledger}
                columns={[
                  { key: 'at', label: 'when', value: (row) => when(row.at) },
                  { key: 'version', label: 'version', value: (row) => row.version, numeric: true },
                  { key: 'move', label: 'state', value: (row) => `${row.from ?? '—'} → ${row.to}` },
                  { key: 'reason', label: 'why', value: (row) => row.reason },
                ]}
              />
            </>
          );
        }}
      </Pending>
    </section>
  );
}

function Diff({ text }: { text: string }) {
  return (
    <pre class="diff" tabindex={0} aria-label="Diff from what was shown to what is on disk">
      {text.split('\n').map((line) => (
        <span class={line.startsWith('+') ? 'add' : line.startsWith('-') ? 'del' : line.startsWith('@@') ? 'hunk' : undefined}>{`${line}\n`}</span>
      ))}
    </pre>
  );
}

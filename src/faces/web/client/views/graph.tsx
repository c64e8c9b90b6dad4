// The Graph view: the package's files and the edges among them — imports, references,
// co-change, doc mentions (`POST /retrieval/edges`) — laid out from the seeds out (tier
// rings, graph-layout.ts). Each node is a button: it shows the file's provenance (the stage
// decision that kept it, its tier and signals) and links to its items in the Task view. The
// same edges are listed as a table for reading without the picture.

import { api } from '../api.js';
import { shortLabels, signalsText } from '../format.js';
import { layoutGraph } from '../graph-layout.js';
import { packageFiles } from '../package-model.js';
import { navigate, withParams } from '../router.js';
import { Pending } from '../parts/status.js';
import { SortableTable } from '../parts/table.js';
import { queryKey, queryOf, retrieval, type Retrieval } from '../retrieval.js';
import { useAsync } from '../use-async.js';
import { viewHref } from '../../views.js';

interface Edge {
  from: string;
  to: string;
  relation: 'imports' | 'references' | 'cochange' | 'docs';
  weight: number;
}

const RELATIONS: { relation: Edge['relation']; label: string }[] = [
  { relation: 'imports', label: 'imports' },
  { relation: 'references', label: 'references' },
  { relation: 'cochange', label: 'changed together' },
  { relation: 'docs', label: 'doc mentions' },
];

async function graphOf(value: Retrieval, repo: string): Promise<{ value: Retrieval; edges: Edge[] }> {
  const paths = [...new Set(value.rows.map((row) => row.item.path))];
  if (paths.length === 0) return { value, edges: [] };
  const answer = await api.post<{ edges: Edge[] }>('/retrieval/edges', { repo, paths });
  return { value, edges: answer.edges };
}

export function GraphView({ params }: { params: URLSearchParams }) {
  const query = queryOf(params);
  const [result] = useAsync(query ? `graph:${queryKey(query)}` : null, async () => graphOf(await retrieval(query!), query!.repo));
  return (
    <Pending result={result} idle={<p class="muted">{'The graph shows the files of a task\'s package: '}<a href={viewHref('task', params)}>run a task first</a>.</p>}>
      {({ value, edges }) => <Graph value={value} edges={edges} params={params} />}
    </Pending>
  );
}

function Graph({ value, edges, params }: { value: Retrieval; edges: Edge[]; params: URLSearchParams }) {
  const files = packageFiles(value.rows, value.run);
  const names = shortLabels(files.map((file) => file.path));
  const { placed, width, height } = layoutGraph(
    files.map((file) => ({ id: file.path, tier: file.tier, label: names.get(file.path)! })),
    edges,
  );
  const at = new Map(placed.map((node) => [node.id, node]));
  const shownRelations = new Set((params.get('rel') ?? RELATIONS.map((entry) => entry.relation).join(',')).split(','));
  const visible = edges.filter((edge) => shownRelations.has(edge.relation));
  const toggle = (relation: string, on: boolean): void => {
    const next = RELATIONS.map((entry) => entry.relation).filter((name) => (name === relation ? on : shownRelations.has(name)));
    navigate(withParams(params, { rel: next.length === RELATIONS.length ? null : next.join(',') }), { replace: true });
  };
  const selected = files.find((file) => file.path === params.get('node')) ?? null;
  const select = (path: string): void => navigate(withParams(params, { node: path }), { replace: true });
  return (
    <div class="graph-layout">
      <figure class="graph" data-testid="graph">
        <svg width={String(Math.max(width, 200))} height={String(Math.max(height, 160))} viewBox={`0 0 ${Math.max(width, 200)} ${Math.max(height, 160)}`} role="group" aria-label={`${files.length} files and ${visible.length} edges`}>
          <defs>
            <marker id="arrow" viewBox="0 0 10 10" refX="22" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M 0 0 L 10 5 L 0 10 z" class="arrowhead" />
            </marker>
          </defs>
          {visible.map((edge) => {
            const from = at.get(edge.from);
            const to = at.get(edge.to);
            if (!from || !to) return null;
            return <line class={`edge edge-${edge.relation}`} data-relation={edge.relation} x1={String(from.x)} y1={String(from.y)} x2={String(to.x)} y2={String(to.y)} marker-end={edge.relation === 'cochange' ? undefined : 'url(#arrow)'} />;
          })}
          {files.map((file) => {
            const node = at.get(file.path)!;
            const label = `${file.path}, tier ${file.tier ?? 'unknown'}${file.seed ? ', seed' : ''}, ${file.items.length} item${file.items.length === 1 ? '' : 's'}`;
            return (
              <g
                class={`node${file.seed ? ' seed' : ''}${selected?.path === file.path ? ' selected' : ''}`}
                data-path={file.path}
                data-seed={file.seed ? 'true' : 'false'}
                transform={`translate(${node.x} ${node.y})`}
                tabindex={0}
                role="button"
                aria-label={label}
                aria-pressed={selected?.path === file.path ? 'true' : 'false'}
                onClick={() => select(file.path)}
                onKeyDown={(event: KeyboardEvent) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    select(file.path);
                  }
                }}
              >
                <circle r={file.seed ? '14' : '10'} />
                {file.seed ? <circle r="19" class="seed-ring" /> : null}
                <text y="32" text-anchor="middle">
                  {names.get(file.path)!}
                </text>
              </g>
            );
          })}
        </svg>
        <figcaption>
          <ul class="legend">
            <li>
              <span class="swatch seed" aria-hidden="true"></span>seed (tier 0), rings outward by tier
            </li>
            {RELATIONS.map((entry) => (
              <li>
                <label class="inline">
                  <input type="checkbox" checked={shownRelations.has(entry.relation)} onChange={(event: Event) => toggle(entry.relation, (event.target as HTMLInputElement).checked)} />
                  <svg width="28" height="10" aria-hidden="true">
                    <line class={`edge edge-${entry.relation}`} x1="0" y1="5" x2="28" y2="5" />
                  </svg>
                  {`${entry.label} (${edges.filter((edge) => edge.relation === entry.relation).length})`}
                </label>
              </li>
            ))}
          </ul>
        </figcaption>
      </figure>
      <aside class="provenance" aria-label="Selected file" aria-live="polite">
        {selected ? (
          <>
            <h2>{selected.path}</h2>
            <p>{`tier ${selected.tier ?? 'unknown'}${selected.seed ? ' (seed)' : ''}${selected.decision ? ` · ${selected.decision.stage} stage: ${selected.decision.label}` : ''}`}</p>
            {selected.decision ? <p class="reason">{selected.decision.reason}</p> : null}
            {selected.decision && Object.keys(selected.decision.signals).length > 0 ? <p class="muted">{`signals: ${signalsText(selected.decision.signals)}`}</p> : null}
            <h3>Its items</h3>
            <ul>
              {selected.items.map((row) => (
                <li>
                  <a href={viewHref('task', params, { item: row.id })}>{row.item.symbol ?? 'the whole file'}</a>
                  {` — ${row.item.detail}, ${row.tokens ?? '?'} tokens: ${row.item.reason}`}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p class="muted">Choose a file (click, or Tab to it and press Enter) to see why it is in the package.</p>
        )}
      </aside>
      <details class="wide">
        <summary>{`The ${visible.length} edges as a table`}</summary>
        <SortableTable
          caption="Edges"
          rows={visible}
          columns={[
            { key: 'from', label: 'from', value: (edge) => edge.from },
            { key: 'relation', label: 'relation', value: (edge) => edge.relation },
            { key: 'to', label: 'to', value: (edge) => edge.to },
            { key: 'weight', label: 'weight', value: (edge) => edge.weight, numeric: true },
          ]}
        />
      </details>
    </div>
  );
}

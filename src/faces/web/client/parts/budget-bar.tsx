// The budget at a glance: the model's window split into what the package used, what was
// left, and what is reserved for the answer; beside it the counts of what the budget did
// (demoted to less detail, evicted, deduplicated). Drawn in SVG, with the same figures as text.

export interface BudgetFigures {
  contextWindow: number;
  reservedTokens: number;
  available: number;
  used: number;
  demoted: number;
  evicted: number;
  deduplicated: number;
}

export function BudgetBar({ budget }: { budget: BudgetFigures }) {
  const window = Math.max(1, budget.contextWindow);
  const left = Math.max(0, budget.available - budget.used);
  const width = (tokens: number): number => Math.max(0, Math.min(100, (tokens / window) * 100));
  const parts = [
    { name: 'used', tokens: budget.used, x: 0 },
    { name: 'left', tokens: left, x: width(budget.used) },
    { name: 'reserved', tokens: budget.reservedTokens, x: width(budget.used) + width(left) },
  ];
  const summary = `window ${budget.contextWindow} tokens: used ${budget.used}, left ${left}, reserved ${budget.reservedTokens}`;
  return (
    <section class="budget" aria-label="Budget" data-testid="budget">
      <svg viewBox="0 0 100 6" preserveAspectRatio="none" role="img" aria-label={summary} class="bar">
        {parts.map((part) => (
          <rect class={`bar-${part.name}`} x={String(part.x)} y="0" width={String(width(part.tokens))} height="6" />
        ))}
      </svg>
      <dl class="figures">
        <div>
          <dt>window</dt>
          <dd data-figure="window">{String(budget.contextWindow)}</dd>
        </div>
        <div>
          <dt>reserved</dt>
          <dd data-figure="reserved">{String(budget.reservedTokens)}</dd>
        </div>
        <div>
          <dt>
            <span class="swatch bar-used" aria-hidden="true"></span>used
          </dt>
          <dd data-figure="used">{String(budget.used)}</dd>
        </div>
        <div>
          <dt>
            <span class="swatch bar-left" aria-hidden="true"></span>left
          </dt>
          <dd data-figure="left">{String(left)}</dd>
        </div>
        <div>
          <dt>demoted</dt>
          <dd data-figure="demoted">{String(budget.demoted)}</dd>
        </div>
        <div>
          <dt>evicted</dt>
          <dd data-figure="evicted">{String(budget.evicted)}</dd>
        </div>
        <div>
          <dt>deduplicated</dt>
          <dd data-figure="deduplicated">{String(budget.deduplicated)}</dd>
        </div>
      </dl>
    </section>
  );
}

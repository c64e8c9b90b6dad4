// One check of the hostile-inputs campaign: what was sent, what came back, and whether
// that broke a rule (a finding).

export interface CheckResult {
  group: string;
  name: string;
  /** What came back, in a few words: "400 INVALID_REQUEST", "exit 3", "closed after 30.1 s". */
  got: string;
  ms: number;
  /** Why this is a defect, or null when the answer keeps the rules. */
  finding: string | null;
}

export class Checks {
  readonly results: CheckResult[] = [];

  /** Runs one check under its own time limit; a check that throws or overruns is a finding. */
  async run(group: string, name: string, limitMs: number, check: () => Promise<{ got: string; finding: string | null }>): Promise<void> {
    const started = performance.now();
    let outcome: { got: string; finding: string | null };
    try {
      outcome = await Promise.race([
        check(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${limitMs} ms`)), limitMs).unref()),
      ]);
    } catch (error) {
      outcome = { got: 'failed', finding: error instanceof Error ? error.message : String(error) };
    }
    const result = { group, name, ...outcome, ms: Math.round(performance.now() - started) };
    this.results.push(result);
    process.stderr.write(`${result.finding === null ? 'ok     ' : 'FINDING'} ${group}: ${name} — ${result.got} (${result.ms} ms)${result.finding ? `: ${result.finding}` : ''}\n`);
  }
}

/** The first of the conditions that fails, or null. */
export function firstFailing(conditions: [boolean, string][]): string | null {
  return conditions.find(([holds]) => !holds)?.[1] ?? null;
}

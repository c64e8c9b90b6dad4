// `cairn doctor`: the tracking data checked end to end — the store's own checks (foreign
// keys, episodes missing blocks or cuts, blocks naming artifacts the vault lacks, ledger
// rows out of order or out of chain, versions whose state the ledger does not explain) and
// every vault artifact hashed again. It reports; it never repairs: rows lost behind cairn's
// back must be seen, not papered over.

import type { IntegrityFinding, MemoryStore } from '../store/memory.js';
import { sha256Text, shortHash } from './vault.js';

export interface DoctorReport {
  findings: IntegrityFinding[];
  /** What was checked, for the report's summary line. */
  artifacts: number;
}

export function runDoctor(store: MemoryStore): DoctorReport {
  const findings = store.verify();
  let artifacts = 0;
  store.eachArtifact((hash, text) => {
    artifacts++;
    const actual = sha256Text(text);
    if (actual !== hash) {
      findings.push({ kind: 'artifact-hash-mismatch', subject: shortHash(hash), detail: `the vault's text under ${hash} hashes to ${actual}` });
    }
  });
  return { findings, artifacts };
}

export function doctorText(report: DoctorReport): string {
  if (report.findings.length === 0) return `memory store: no problems found (${report.artifacts} artifacts re-hashed)\n`;
  const lines = report.findings.map((finding) => `${finding.kind}: ${finding.subject}: ${finding.detail}`);
  return `${lines.join('\n')}\n${report.findings.length} problem(s) found; nothing was changed\n`;
}

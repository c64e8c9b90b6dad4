// Starts one PostgreSQL server for the whole test run (initdb costs seconds) and hands its
// URL to the test files through vitest's provide/inject (`pgUrl`). Where no server binary
// exists, tests that need PostgreSQL skip with a message — except in CI (CI=true), where
// that is a failure: CI installs PostgreSQL (.ci/run) and must run them.

import type { TestProject } from 'vitest/node';
import { findPgBin, startPgServer } from './support/postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test run's PostgreSQL server; null when there is none. */
    pgUrl: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const bin = findPgBin();
  if (bin === null) {
    if (process.env.CI === 'true') throw new Error('PostgreSQL is not installed (no initdb): CI must run the PostgreSQL tests (.ci/run installs postgresql)');
    console.warn('PostgreSQL tests skipped: no initdb found (apt-get install postgresql to run them)');
    project.provide('pgUrl', null);
    return () => undefined;
  }
  const server = await startPgServer(bin);
  project.provide('pgUrl', server.url);
  return () => server.stop();
}

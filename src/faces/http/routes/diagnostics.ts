// Diagnostics' route: `POST /diagnose` judges a failing run's handoff bundle and, when it is
// escalated (or `always`), gathers the evidence under the priority's caps — `cairn diagnose
// --json` over HTTP. Never cached: each call is a diagnosis recorded in the raw log.

import type { OpenAPIHono } from '@hono/zod-openapi';
import { diagnoseRun, diagnosisMarkdown } from '../../../operations/diagnose.js';
import type { HttpEnv } from '../app.js';
import { diagnoseBody, openAnswer } from '../schemas.js';
import { postRoute, reply, type RouteDeps } from './common.js';

export function registerDiagnosticsRoutes(app: OpenAPIHono<HttpEnv>, deps: RouteDeps): void {
  const summary = "Whether a failing run's handoff needs escalation, how urgently, and the evidence from its artifacts, the repository and past failures";
  app.openapi(postRoute('/diagnose', summary, diagnoseBody, openAnswer('Diagnosis'), 'diagnostics', 'diagnose'), async (c) => {
    const { repo, ...request } = c.req.valid('json');
    return reply(c, deps, { route: 'diagnose', repo, request, cacheable: false }, async (view) => {
      const answer = await diagnoseRun(view, { bundle: request.bundle, runDir: request.run_dir, phase: request.phase, attempt: request.attempt, always: request.always, taskId: request.task_id });
      return {
        task_id: answer.taskId,
        decision: answer.json.decision,
        retrieval: answer.json.retrieval,
        notes: answer.notes,
        ms: answer.ms,
        ...(answer.unlogged !== null ? { unlogged: answer.unlogged } : {}),
        ...(request.format === 'markdown' ? { text: diagnosisMarkdown(answer.json.decision, answer.json.retrieval) } : {}),
      };
    }) as never;
  });
}

// GET /api/runs/:runId/steps/:stepId/items/:index → LoopItemPage: one item
// of a loop step, for the run view's pager. Whoever may see the run may read
// its items (access.ts mayViewRun); the record is kept by itemRecords.ts.
import type { RequestHandler, Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { HttpError } from '@agentflow/shared/server';
import type { LoopItemPage } from '@agentflow/shared/workflow';
import { mayViewRun } from '../access.js';
import { caller, pathParam } from '../routeKit.js';
import { decodeRun, runRef } from '../store.js';
import type { LoopItemStore } from './itemRecords.js';

export function mountLoopItems(router: Router, { db, authed, records }: { db: Firestore; authed: RequestHandler; records: LoopItemStore }): void {
  router.get('/api/runs/:runId/steps/:stepId/items/:index', authed, async (req, res) => {
    const user = caller(req);
    const runId = pathParam(req, 'runId');
    const stepId = pathParam(req, 'stepId');
    const rawIndex = req.params.index;
    const index = typeof rawIndex === 'string' && /^[0-9]{1,6}$/.test(rawIndex) ? Number(rawIndex) : NaN;
    if (!Number.isInteger(index)) throw new HttpError(400, 'index must be a whole number from 0');
    const run = decodeRun(await runRef(db, runId).get());
    if (!run) throw new HttpError(404, `Run '${runId}' not found`);
    if (!(await mayViewRun(db, user, run))) throw new HttpError(403, 'Forbidden: this run is not yours');
    const record = await records.load(runId, stepId, index);
    // An item under way is not shown until it ends (its record only says it started).
    if (!record || record.status === 'running') throw new HttpError(404, `Item ${index} of step '${stepId}' not found`);
    const page: LoopItemPage = { index: record.index, total: record.total, status: record.status, error: record.error, steps: record.steps };
    res.json(page);
  });
}

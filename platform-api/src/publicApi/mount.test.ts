// mount.ts checks every answer against its route table entry under Jest
// (issue 24): a handler that answers a shape its schema refuses, or a status
// its entry does not declare, fails the request loudly instead of drifting
// from the OpenAPI description.
import express, { Router, type ErrorRequestHandler } from 'express';
import type { Server } from 'node:http';
import { z } from 'zod';
import { publicRoute } from '@agentflow/shared/api-keys';
import { listen } from '@agentflow/shared/static-server';
import type { RequireApiKey } from '../apiKeys/authenticate';
import { publicRouteMounter } from './mount';

const shaped = publicRoute({
  id: 'shaped',
  method: 'get',
  path: '/v1/shaped/:kind',
  scope: null,
  tag: 'Test',
  summary: 'Answers what its kind says',
  params: z.strictObject({ kind: z.enum(['right', 'wrong', 'undeclared']) }),
  answers: { 200: { description: 'The thing.', schema: z.object({ thing: z.object({ id: z.string(), count: z.number() }) }) } },
  refusals: [],
});

let server: Server;
let baseUrl: string;
const thrown: string[] = [];

beforeAll(async () => {
  const app = express();
  const router = Router();
  // Scopes are not the point here (keys are tested in apiKeys/): every call passes.
  const anyCaller: RequireApiKey = () => (_req, _res, next) => next();
  publicRouteMounter(router, anyCaller)(shaped, async ({ params }) => {
    if (params.kind === 'right') return { status: 200, body: { thing: { id: 'a', count: 1 } } };
    if (params.kind === 'wrong') return { status: 200, body: { thing: { id: 'a', count: 'one' } } };
    return { status: 201, body: { thing: { id: 'a', count: 1 } } };
  });
  app.use(router);
  const record: ErrorRequestHandler = (error: Error, _req, res, _next) => {
    thrown.push(error.message);
    res.status(500).json({ error: 'internal', code: 'internal' });
  };
  app.use(record);
  server = await listen(app, 0);
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('an answer of the declared shape goes out as it is', async () => {
  const answer = await fetch(`${baseUrl}/v1/shaped/right`);
  expect(answer.status).toBe(200);
  expect(await answer.json()).toEqual({ thing: { id: 'a', count: 1 } });
});

test('an answer its schema refuses throws, naming the route, the status and the field', async () => {
  thrown.length = 0;
  expect((await fetch(`${baseUrl}/v1/shaped/wrong`)).status).toBe(500);
  expect(thrown).toHaveLength(1);
  expect(thrown[0]).toContain('shaped answered a body its 200 schema refuses');
  expect(thrown[0]).toContain('count');
});

test('a status the entry does not declare throws', async () => {
  thrown.length = 0;
  expect((await fetch(`${baseUrl}/v1/shaped/undeclared`)).status).toBe(500);
  expect(thrown).toEqual(['shaped answered 201, which its route table entry does not declare']);
});

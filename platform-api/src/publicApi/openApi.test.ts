// The OpenAPI description (issue 24): valid OpenAPI 3.1 (checked by
// @seriousme/openapi-schema-validator), every table entry documented with its
// scope, parameters, body, answers and refusals, multipart bodies as
// multipart/form-data, and a route whose refusal is not described refused at
// build time.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import { PUBLIC_COMMON_REFUSALS, PUBLIC_ROUTE_LIST, openApiPath, publicFilePart, publicRoute } from '@agentflow/shared/api-keys';
import { buildOpenApiDescription, type OpenApiDocument } from './openApi';

const run = promisify(execFile);

/**
 * The validator is ESM only and finds its schemas through import.meta.url,
 * which Jest's CommonJS runtime cannot give it: it runs in a node of its own.
 */
async function validateOpenApi(documents: Record<string, unknown>): Promise<Record<string, { valid: boolean; errors?: unknown }>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'openapi-'));
  try {
    const files: Record<string, string> = {};
    for (const [name, document] of Object.entries(documents)) {
      files[name] = path.join(dir, `${name}.json`);
      await writeFile(files[name], JSON.stringify(document));
    }
    // One node for all of them (each start costs a second on a busy machine).
    const script = `import { Validator } from '@seriousme/openapi-schema-validator';
const results = {};
for (const [name, file] of Object.entries(${JSON.stringify(files)})) {
  const result = await new Validator().validate(file);
  results[name] = { valid: result.valid, errors: result.errors };
}
process.stdout.write(JSON.stringify(results));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: path.join(__dirname, '..', '..') });
    return JSON.parse(stdout) as Record<string, { valid: boolean; errors?: unknown }>;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const SERVER = 'https://api.example.test/';
const description = buildOpenApiDescription({ serverUrl: SERVER });
type Operation = Record<string, any>;
const operationOf = (doc: OpenApiDocument, route: { path: string; method: string }) => doc.paths[openApiPath(route.path)]?.[route.method] as Operation | undefined;

test('the description is valid OpenAPI 3.1 (a multipart one too), and an invalid one is caught by the same check', async () => {
  expect(description.openapi).toBe('3.1.0');
  // The check can fail: a response without its required description.
  const broken = structuredClone(description) as any;
  delete broken.paths['/v1/me'].get.responses['200'].description;
  const results = await validateOpenApi({ description, broken, multipart: multipartDescription() });
  expect(results.description).toEqual({ valid: true });
  expect(results.multipart).toEqual({ valid: true });
  expect(results.broken!.valid).toBe(false);
}, 30_000);

test('servers, the bearer scheme and the Error component', () => {
  expect(description.servers).toEqual([{ url: 'https://api.example.test', description: expect.any(String) }]);
  expect(description.security).toEqual([{ apiKey: [] }]);
  expect(description.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  expect(description.info.description).toContain('Authorization: Bearer afk_');
  expect(description.components.schemas.Error).toMatchObject({ type: 'object', required: ['error', 'code'] });
});

test.each(PUBLIC_ROUTE_LIST.map((route) => [route.id, route] as const))('%s: operation id, tag, scope, parameters, answers and refusals', (_id, route) => {
  const operation = operationOf(description, route)!;
  expect(operation).toBeDefined();
  expect(operation.operationId).toBe(route.id);
  expect(operation.tags).toEqual([route.tag]);
  expect(operation.summary).toBe(route.summary);
  expect(operation['x-required-scope']).toBe(route.scope);
  expect(operation.description).toContain(route.scope ? `\`${route.scope}\`` : 'Any valid key');
  const pathNames = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);
  expect(operation.parameters.filter((p: Operation) => p.in === 'path').map((p: Operation) => p.name)).toEqual(pathNames);
  expect(operation.parameters.filter((p: Operation) => p.in === 'query').map((p: Operation) => p.name)).toEqual(Object.keys(route.query?.shape ?? {}));
  expect(operation.parameters.filter((p: Operation) => p.in === 'header').map((p: Operation) => p.name)).toEqual(Object.keys(route.headers?.shape ?? {}));
  expect(Boolean(operation.requestBody)).toBe(Boolean(route.body));
  for (const [status, answer] of Object.entries(route.answers)) {
    expect(operation.responses[status].description).toBe(answer.description);
    expect(Boolean(operation.responses[status].content)).toBe(Boolean(answer.schema));
  }
  for (const status of [...Object.keys(PUBLIC_COMMON_REFUSALS), ...route.refusals.map(String)]) {
    expect(operation.responses[status].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    const codes = route.refusalCodes?.[Number(status)] ?? [];
    expect(Object.keys(operation.responses[status]['x-error-codes'] ?? {})).toEqual(codes);
    for (const code of codes) expect(operation.responses[status].description).toContain(`\`${code}\``);
  }
});

test('the run start documents its Idempotency-Key header, the replay header and the refusal codes a key causes', () => {
  const operation = operationOf(description, { path: '/v1/workflows/:workflowId/runs', method: 'post' })!;
  const header = operation.parameters.find((p: Operation) => p.in === 'header');
  expect(header).toMatchObject({ name: 'Idempotency-Key', required: false, schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,100}$' }, description: expect.stringContaining('24 hours') });
  for (const status of ['200', '202']) expect(operation.responses[status].headers['Idempotent-Replayed'].description).toContain('Idempotency-Key');
  expect(operation.responses['202'].headers.Location).toBeDefined();
  expect(operation.responses['409']['x-error-codes']).toEqual({ idempotency_key_in_progress: expect.stringContaining('still being started') });
  expect(operation.responses['422']['x-error-codes']).toEqual({ idempotency_key_reused: expect.stringContaining('another request') });
  expect(operation.description).toContain('Idempotent-Replayed: true');
});


test('named schemas are components referenced from the operations, not copies', () => {
  expect(Object.keys(description.components.schemas)).toEqual(expect.arrayContaining(['Error', 'Workflow', 'Run', 'RunStep']));
  const run = operationOf(description, { path: '/v1/runs/:runId', method: 'get' })!;
  expect(run.responses['200'].content['application/json'].schema.properties.run).toEqual({ $ref: '#/components/schemas/Run' });
  expect(JSON.stringify(description)).not.toContain('#/$defs/');
});

const shapeAnswer = { 200: { description: 'Done.', schema: z.object({ ok: z.boolean() }) } };

const upload = publicRoute({
  id: 'uploadSample',
  method: 'post',
  path: '/v1/samples',
  scope: 'files:write',
  tag: 'Files',
  summary: 'Uploads a sample',
  bodyType: 'multipart',
  body: z.strictObject({ file: publicFilePart('The file.'), note: z.string().max(20).optional() }),
  answers: { 201: { description: 'Stored.', schema: z.object({ id: z.string() }), headers: { Location: 'The stored file.' } } },
  refusals: [413],
});
const multipartDescription = () => buildOpenApiDescription({ serverUrl: SERVER, routes: [upload] });

test('a multipart body is documented as multipart/form-data with its file part as binary content', () => {
  const doc = multipartDescription();
  const body = operationOf(doc, upload)!.requestBody;
  expect(Object.keys(body.content)).toEqual(['multipart/form-data']);
  expect(body.content['multipart/form-data'].schema).toMatchObject({
    type: 'object',
    properties: { file: { type: 'string', contentMediaType: 'application/octet-stream', description: 'The file.' }, note: { type: 'string', maxLength: 20 } },
    required: ['file'],
  });
  expect(operationOf(doc, upload)!.responses['201'].headers.Location.description).toBe('The stored file.');
});

test('a route whose refusal has no description, or a route described twice, does not build', () => {
  const route = publicRoute({ id: 'teapot', method: 'get', path: '/v1/teapot', scope: null, tag: 'Misc', summary: 'Tea', answers: shapeAnswer, refusals: [418] });
  expect(() => buildOpenApiDescription({ serverUrl: SERVER, routes: [route] })).toThrow('418');
  const fine = { ...route, refusals: [] };
  expect(() => buildOpenApiDescription({ serverUrl: SERVER, routes: [fine, { ...fine, id: 'again' }] })).toThrow('described twice');
});

test('a named schema whose request form differs from its answer form becomes two components', () => {
  const item = z.object({ size: z.number().default(1) }).meta({ id: 'SampleItem' });
  const route = publicRoute({ id: 'putItem', method: 'put', path: '/v1/items', scope: null, tag: 'Misc', summary: 'Item', body: item, answers: { 200: { description: 'The item.', schema: z.object({ item }) } }, refusals: [] });
  const doc = buildOpenApiDescription({ serverUrl: SERVER, routes: [route] });
  expect(doc.components.schemas.SampleItem).toMatchObject({ required: ['size'] });
  expect(doc.components.schemas.SampleItemInput).not.toHaveProperty('required');
  expect(operationOf(doc, route)!.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/SampleItemInput' });
});

test('codes named for a status the route does not refuse with do not build', () => {
  const route = publicRoute({ id: 'coded', method: 'post', path: '/v1/coded', scope: null, tag: 'Misc', summary: 'Coded', answers: shapeAnswer, refusals: [409], refusalCodes: { 422: ['idempotency_key_reused'] } });
  expect(() => buildOpenApiDescription({ serverUrl: SERVER, routes: [route] })).toThrow('422');
});

// The params of app steps, app triggers and agents' app tools, checked
// against the connector declarations: each problem at its param path, with
// templates accepted in steps (checked after rendering) and refused in
// triggers (nothing to render them from).
import { CONNECTORS, connectorOf } from './registry';
import { CREDENTIAL_TYPES, isCredentialTypeId } from '../credentials/types';
import { connectorStepParamsSchema, connectorToolName, connectorToolSchema, connectorValueProblems, pollTriggerParamsSchema, withoutBlanks } from './nodeParams';

const problems = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('app step params', () => {
  const step = (extra: Record<string, unknown>) => ({ connector: 'hubspot', operation: 'createDeal', credentialId: 'cred1', params: { dealname: 'Deal' }, ...extra });

  it('takes literal values its operation accepts, and templates as they are', () => {
    expect(problems(connectorStepParamsSchema.safeParse(step({})))).toEqual([]);
    expect(problems(connectorStepParamsSchema.safeParse(step({ params: { dealname: '{{ input.company }}', amount: '{{ input.amount }}' } })))).toEqual([]);
  });

  it('names the field of each problem: unknown app, operation, missing account, required, invalid literal, unknown field, broken template', () => {
    expect(problems(connectorStepParamsSchema.safeParse(step({ connector: 'nope' })))).toEqual([['connector', 'is not a known app']]);
    expect(problems(connectorStepParamsSchema.safeParse(step({ operation: 'fly' })))).toEqual([['operation', 'is not an operation of HubSpot']]);
    expect(problems(connectorStepParamsSchema.safeParse(step({ credentialId: undefined })))).toEqual([['credentialId', 'is required: connect an account']]);
    expect(problems(connectorStepParamsSchema.safeParse(step({ params: { dealname: '  ', amount: 'lots', stage: 'x', closedate: '{{ input.( }}' } })))).toEqual([
      ['params.stage', 'is not a known field'],
      ['params.dealname', 'is required'],
      ['params.amount', 'must be a number'],
      ['params.closedate', expect.stringMatching(/\(at character \d+\)$/)],
    ]);
  });

  it('leaves out blank values before checking them', () => {
    expect(withoutBlanks({ a: '', b: ' ', c: null, d: 0, e: false, f: 'x' })).toEqual({ d: 0, e: false, f: 'x' });
  });
});

describe('app trigger params', () => {
  it('takes literal values and refuses templates, which have nothing to be filled from', () => {
    expect(problems(pollTriggerParamsSchema.safeParse({ connector: 'hubspot', trigger: 'dealChanged', credentialId: 'c', params: { stage: 'closedwon' } }))).toEqual([]);
    expect(problems(pollTriggerParamsSchema.safeParse({ connector: 'hubspot', trigger: 'dealChanged', credentialId: 'c', params: { stage: '{{ input.stage }}' } }))).toEqual([
      ['params.stage', 'must be a fixed value here: a trigger has no input to fill {{ … }} from'],
    ]);
    expect(problems(pollTriggerParamsSchema.safeParse({ connector: 'hubspot', trigger: 'nope', credentialId: 'c', params: {} }))).toEqual([['trigger', 'is not a trigger of HubSpot']]);
    expect(problems(pollTriggerParamsSchema.safeParse({ connector: 'hubspot', trigger: 'dealChanged', credentialId: 'c', params: {}, intervalMinutes: 0 }))).toEqual([['intervalMinutes', 'must be at least 1']]);
  });
});

describe('agent app tools', () => {
  it('names an operation of a known app, with an account when the app needs one', () => {
    expect(problems(connectorToolSchema.safeParse({ connector: 'hubspot', operation: 'searchDeals', credentialId: 'c' }))).toEqual([]);
    expect(problems(connectorToolSchema.safeParse({ connector: 'hubspot', operation: 'searchDeals' }))).toEqual([['credentialId', 'is required: connect an account']]);
    expect(connectorToolName({ connector: 'hubspot', operation: 'searchDeals' })).toBe('hubspot_searchDeals');
  });
});

describe('every declaration', () => {
  it('has a unique id, operations and triggers with unique ids, and credential types it names', () => {
    expect(new Set(CONNECTORS.map((c) => c.id)).size).toBe(CONNECTORS.length);
    expect(CONNECTORS.length).toBeGreaterThanOrEqual(10);
    for (const connector of CONNECTORS) {
      expect(connectorOf(connector.id)).toBe(connector);
      expect(new Set(connector.operations.map((o) => o.id)).size).toBe(connector.operations.length);
      expect(new Set(connector.triggers.map((t) => t.id)).size).toBe(connector.triggers.length);
      for (const operation of connector.operations) expect(operation.description.length).toBeGreaterThan(10);
      for (const type of connector.credentialTypes) expect({ type, app: isCredentialTypeId(type) && CREDENTIAL_TYPES[type].kind === 'app' }).toEqual({ type, app: true });
    }
  });

  it('declares each trigger’s dedup key as a field of its item', () => {
    for (const connector of CONNECTORS) {
      for (const trigger of connector.triggers) {
        const shape = (trigger.item as unknown as { shape?: Record<string, unknown> }).shape;
        expect({ trigger: `${connector.id}.${trigger.id}`, has: shape !== undefined && trigger.dedupKey in shape }).toEqual({ trigger: `${connector.id}.${trigger.id}`, has: true });
      }
    }
  });

  it('reports a required param left out, and nothing for a complete literal set', () => {
    const op = connectorOf('hubspot')!.operations.find((o) => o.id === 'createContact')!;
    expect(connectorValueProblems(op.params.shape, {})).toEqual([{ path: 'params.email', message: 'is required' }]);
    expect(connectorValueProblems(op.params.shape, { email: 'ada@example.com' })).toEqual([]);
  });
});

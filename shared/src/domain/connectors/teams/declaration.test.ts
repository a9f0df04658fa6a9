// The Microsoft Teams declaration's param and output schemas.
import { z } from 'zod';
import { connectorOperationOf } from '../declaration.js';
import { connectorOf } from '../registry.js';
import { teams, TEAMS_MAX_TEXT } from './declaration.js';

const postMessage = connectorOperationOf(teams, 'postMessage')!;
const problem = (values: unknown) => {
  const result = postMessage.params.safeParse(values);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return `${issue.path.join('.')} ${issue.message}`;
};

it('is registered as a chat app posting through an incoming webhook credential, with no base URL', () => {
  expect(connectorOf('teams')).toBe(teams);
  expect(teams).toMatchObject({ name: 'Microsoft Teams', category: 'chat', icon: { color: '#5059C9' }, credentialTypes: ['teamsWebhook'], baseUrl: '' });
  expect(teams.operations.map((o) => [o.id, o.mutates])).toEqual([['postMessage', true]]);
});

it('takes a text and an optional title', () => {
  expect(postMessage.params.parse({ text: 'Line one\nLine two' })).toEqual({ text: 'Line one\nLine two' });
  expect(postMessage.params.parse({ title: ' New listing ', text: 'Rue du Lac 4' })).toEqual({ title: 'New listing', text: 'Rue du Lac 4' });
});

it('names the field that is missing, too long or unknown', () => {
  expect(problem({ title: 'Only a title' })).toBe('text is required');
  expect(problem({ text: '' })).toBe('text is required');
  expect(problem({ text: 'x'.repeat(TEAMS_MAX_TEXT + 1) })).toBe(`text must be at most ${TEAMS_MAX_TEXT} characters`);
  expect(problem({ text: 'x', title: 'T'.repeat(201) })).toBe('title must be at most 200 characters');
  expect(problem({ text: 'x', title: 7 })).toBe('title must be text');
  expect(problem({ text: 'x', webhookUrl: 'https://example.com' })).toMatch(/Unrecognized key: "webhookUrl"/);
});

it('outputs that Teams accepted the message', () => {
  expect(postMessage.output.parse({ delivered: true })).toEqual({ delivered: true });
  expect(postMessage.output.safeParse({ delivered: false }).success).toBe(false);
  expect(postMessage.output.safeParse({}).success).toBe(false);
});

it('describes its fields to agents', () => {
  const schema = z.toJSONSchema(postMessage.params) as { properties: Record<string, { description?: string }>; required: string[] };
  expect(schema.required).toEqual(['text']);
  expect(Object.entries(schema.properties).filter(([, property]) => (property.description ?? '').length < 10)).toEqual([]);
});

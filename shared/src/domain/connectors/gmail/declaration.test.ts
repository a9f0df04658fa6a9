import { connectorOf, connectorOperationOf, connectorTriggerOf } from '../index.js';
import { gmail } from './declaration.js';

const operation = (id: string) => connectorOperationOf(gmail, id)!;
/** The first issue as the runtime reports it: "<path> <message>". */
const problem = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? null : `${result.error!.issues[0]!.path.join('.')} ${result.error!.issues[0]!.message}`;

describe('the Gmail declaration', () => {
  it('is registered, signs in with Google OAuth only, and has the three operations and the trigger', () => {
    expect(connectorOf('gmail')).toBe(gmail);
    expect(gmail.credentialTypes).toEqual(['googleOAuth']);
    expect(gmail.operations.map((o) => o.id)).toEqual(['sendEmail', 'searchMessages', 'getMessage']);
    expect(connectorTriggerOf(gmail, 'newMessage')?.dedupKey).toBe('id');
  });

  it('sendEmail takes recipients, a subject, a body and optional copies and files', () => {
    const params = operation('sendEmail').params;
    expect(params.safeParse({ to: 'anna@example.com, bo@example.org', subject: 'Offer', body: 'Hello\nthere', cc: 'boss@example.com', attachments: { fileId: 'f1', name: 'a.pdf', contentType: 'application/pdf', size: 3 } }).success).toBe(true);
    expect(problem(params.safeParse({ to: 'anna@example.com, nobody', subject: 'x', body: 'y' }))).toBe('to must be e-mail addresses separated by commas');
    expect(problem(params.safeParse({ to: 'anna@example.com', body: 'y' }))).toBe('subject is required');
    expect(problem(params.safeParse({ to: 'anna@example.com', subject: ' ', body: 'y' }))).toBe('subject is required');
    expect(problem(params.safeParse({ to: 'anna@example.com', subject: 'x', body: '' }))).toBe('body is required');
    expect(problem(params.safeParse({ to: 'anna@example.com', subject: 'x', body: 'y', cc: 'not mail' }))).toBe('cc must be e-mail addresses separated by commas');
    expect(params.safeParse({ to: 'anna@example.com', subject: 'x', body: 'y', bcc: 'a@b.co' }).success).toBe(false);
  });

  it('searchMessages takes a Gmail query and a limit of 1 to 50', () => {
    const params = operation('searchMessages').params;
    expect(params.safeParse({ query: 'from:anna@example.com newer_than:7d', limit: '20' }).data).toEqual({ query: 'from:anna@example.com newer_than:7d', limit: 20 });
    expect(problem(params.safeParse({ query: 'x', limit: 0 }))).toBe('limit must be at least 1');
    expect(problem(params.safeParse({ query: 'x', limit: 51 }))).toBe('limit must be at most 50');
    expect(problem(params.safeParse({ limit: 5 }))).toBe('query is required');
  });

  it('getMessage needs a message id; the trigger’s query is optional', () => {
    expect(problem(operation('getMessage').params.safeParse({}))).toBe('messageId is required');
    expect(operation('getMessage').params.safeParse({ messageId: '18c0000000001' }).success).toBe(true);
    const trigger = connectorTriggerOf(gmail, 'newMessage')!;
    expect(trigger.params.safeParse({}).success).toBe(true);
    expect(problem(trigger.params.safeParse({ query: 42 }))).toBe('query must be text');
  });

  it('outputs: a sent message’s ids, messages with their headers, a message with its text', () => {
    const summary = { id: '1', threadId: '1', from: 'a@example.com', to: 'b@example.com', subject: 'Hi', date: 'Thu, 26 Nov 2026 10:00:00 +0000', snippet: 'Hello' };
    expect(operation('sendEmail').output.safeParse({ id: '1', threadId: '1' }).success).toBe(true);
    expect(operation('sendEmail').output.safeParse({ id: '1' }).success).toBe(false);
    expect(operation('searchMessages').output.safeParse({ messages: [summary] }).success).toBe(true);
    expect(operation('searchMessages').output.safeParse({ messages: [{ ...summary, subject: undefined }] }).success).toBe(false);
    expect(operation('getMessage').output.safeParse({ ...summary, text: 'Hello' }).success).toBe(true);
    expect(operation('getMessage').output.safeParse(summary).success).toBe(false);
    expect(connectorTriggerOf(gmail, 'newMessage')!.item.safeParse({ ...summary, text: '' }).success).toBe(true);
  });
});

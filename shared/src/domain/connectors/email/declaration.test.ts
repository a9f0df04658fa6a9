import { connectorStepParamsSchema } from '../nodeParams.js';
import { email } from './declaration.js';

const send = email.operations.find((o) => o.id === 'sendEmail')!;
const firstIssue = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const issue = result.error!.issues[0]!;
  return `${issue.path.join('.')} ${issue.message}`;
};
const valid = { to: 'ada@example.com, grace@example.com', subject: 'Brochure', body: 'Hello' };

describe('E-mail (SMTP) declaration', () => {
  it('accepts a message, an HTML switch from a form’s text and any value as attachments (checked as run files when sent)', () => {
    expect(send.params.parse({ ...valid, html: 'true', cc: 'boss@example.com', replyTo: 'sales@example.com', attachments: [{ fileId: 'x' }] })).toMatchObject({ html: true });
    expect(send.params.safeParse(valid).success).toBe(true);
  });

  it('names the field that is wrong', () => {
    expect(firstIssue(send.params.safeParse({ ...valid, to: 'ada@example.com; grace' }))).toBe('to must be e-mail addresses separated by commas');
    expect(firstIssue(send.params.safeParse({ ...valid, cc: 'not an address' }))).toBe('cc must be e-mail addresses separated by commas');
    expect(firstIssue(send.params.safeParse({ ...valid, replyTo: 'sales' }))).toBe('replyTo must be an e-mail address');
    expect(firstIssue(send.params.safeParse({ to: valid.to, body: 'x' }))).toBe('subject is required');
    expect(firstIssue(send.params.safeParse({ ...valid, body: '' }))).toBe('body is required');
    expect(firstIssue(send.params.safeParse({ ...valid, html: 'yes' }))).toBe('html must be true or false');
    expect(firstIssue(send.params.safeParse({ ...valid, bcc: 'x@example.com' }))).toMatch(/bcc/);
  });

  it('declares what a sent message outputs', () => {
    expect(send.output.safeParse({ messageId: '<a@b>', accepted: ['ada@example.com'], rejected: [] }).success).toBe(true);
    expect(send.output.safeParse({ messageId: '<a@b>', accepted: 'ada@example.com', rejected: [] }).success).toBe(false);
    expect(send.output.safeParse({ accepted: [], rejected: [] }).success).toBe(false);
  });

  it('needs an SMTP account as a step', () => {
    expect(email.credentialTypes).toEqual(['smtp']);
    expect(firstIssue(connectorStepParamsSchema.safeParse({ connector: 'email', operation: 'sendEmail', params: valid }))).toBe('credentialId is required: connect an account');
    expect(connectorStepParamsSchema.safeParse({ connector: 'email', operation: 'sendEmail', credentialId: 'cred1', params: { ...valid, attachments: '{{ input.brochure }}' } }).success).toBe(true);
  });
});

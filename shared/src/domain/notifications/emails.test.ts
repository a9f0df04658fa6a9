import { SUPPORTED_LANGUAGES } from '../i18n/languages';
import { approvalButtonLabels, approvalWaitingEmail, runFailedEmail, runRefusedEmail } from './emails';

const approval = { workflowName: 'Discounts', message: 'Approve 12 %?', requestedBy: 'Ana', approveLink: 'https://app/ok', rejectLink: 'https://app/no', inboxLink: 'https://app/inbox', expiresAt: '2026-11-30 08:00 UTC' };

describe('notification e-mails', () => {
  it.each(SUPPORTED_LANGUAGES)('in %s carry the workflow, the message and every link', (language) => {
    const mail = approvalWaitingEmail(language, approval);
    expect(mail.subject).toContain('Discounts');
    for (const part of ['Approve 12 %?', 'Ana', 'https://app/ok', 'https://app/no', 'https://app/inbox', '2026-11-30 08:00 UTC']) expect(mail.text).toContain(part);
    expect(runFailedEmail(language, { workflowName: 'Sync', error: 'CRM down', runLink: 'https://app/run' }).text).toContain('CRM down');
    expect(runRefusedEmail(language, { workflowName: 'Sync', code: 'plan_required', runLink: 'https://app/run' }).text).toContain('https://app/run');
    expect(Object.values(approvalButtonLabels(language)).every((label) => label.length > 0)).toBe(true);
  });

  it('are written in the recipient’s language, not English with a translated subject', () => {
    const texts = SUPPORTED_LANGUAGES.map((language) => approvalWaitingEmail(language, approval).text);
    expect(new Set(texts).size).toBe(SUPPORTED_LANGUAGES.length);
    const reasons = SUPPORTED_LANGUAGES.map((language) => runRefusedEmail(language, { workflowName: 'Sync', code: 'insufficient_tokens', runLink: 'x' }).text);
    expect(new Set(reasons).size).toBe(SUPPORTED_LANGUAGES.length);
    expect(runRefusedEmail('de', { workflowName: 'Sync', code: 'insufficient_tokens', runLink: 'x' }).text).toContain('keine Tokens');
  });
});

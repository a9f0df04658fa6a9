import { APPROVAL_LIMITS } from '@agentflow/shared/approvals';
import { approvalLinkSecretFromEnv, signApprovalLink, verifyApprovalLink } from './linkToken';

const secret = 'test-secret';
const now = new Date('2026-11-27T08:00:00Z');
const link = { runId: 'run1', nodeId: 'review', uid: 'bob', decision: 'approve' as const };

describe('approval link tokens', () => {
  it('verify with the secret that signed them, carrying what was signed', () => {
    const { token, claims } = signApprovalLink(secret, link, now);
    expect(verifyApprovalLink(secret, token, now)).toEqual({ ok: true, claims });
    expect(claims).toMatchObject({ ...link, exp: now.getTime() + APPROVAL_LIMITS.linkTtlMs });
  });

  it('are refused once expired', () => {
    const { token } = signApprovalLink(secret, link, now, 1000);
    expect(verifyApprovalLink(secret, token, new Date(now.getTime() + 999)).ok).toBe(true);
    expect(verifyApprovalLink(secret, token, new Date(now.getTime() + 1000))).toEqual({ ok: false, code: 'link-expired' });
  });

  it('are refused when changed: another decision, another user, a later expiry, another secret, garbage', () => {
    const { token } = signApprovalLink(secret, link, now);
    const [body, signature] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forge = (change: Record<string, unknown>) => `${Buffer.from(JSON.stringify({ ...claims, ...change })).toString('base64url')}.${signature}`;
    expect(verifyApprovalLink(secret, forge({ decision: 'reject' }), now)).toEqual({ ok: false, code: 'link-invalid' });
    expect(verifyApprovalLink(secret, forge({ uid: 'mallory' }), now)).toEqual({ ok: false, code: 'link-invalid' });
    expect(verifyApprovalLink(secret, forge({ exp: Number(claims.exp) + 1 }), now)).toEqual({ ok: false, code: 'link-invalid' });
    expect(verifyApprovalLink('another secret', token, now)).toEqual({ ok: false, code: 'link-invalid' });
    for (const garbage of ['', 'abc', `${body}.`, `${body}.${signature}.x`, `${body}.${signature.slice(0, -2)}`, 'a.b']) {
      expect(verifyApprovalLink(secret, garbage, now)).toEqual({ ok: false, code: 'link-invalid' });
    }
  });

  it('use APPROVAL_LINK_SECRET, else the embedded development secret', () => {
    expect(approvalLinkSecretFromEnv({ APPROVAL_LINK_SECRET: ' s3cret ' })).toEqual({ secret: 's3cret', isDefault: false });
    expect(approvalLinkSecretFromEnv({}).isDefault).toBe(true);
  });
});

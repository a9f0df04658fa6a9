import { APPROVAL_LIMITS } from '@agentflow/shared/domain';
import { approvalLinkSecretFromEnv, linkTokenId, signApprovalLink, verifyApprovalLink } from './linkToken';

const secret = 'test-secret';
const now = new Date('2026-11-27T08:00:00Z');
const link = { runId: 'run1', nodeId: 'review', uid: 'bob', decision: 'approve' as const };

describe('approval link tokens', () => {
  it('verify against the claims stored for them with the secret that signed them; short enough for a path segment', () => {
    const { token, claims } = signApprovalLink(secret, link, now);
    expect(token.length).toBeLessThanOrEqual(128);
    expect(linkTokenId(token)).toBe(claims.tid);
    expect(verifyApprovalLink(secret, token, claims, now)).toEqual({ ok: true, claims });
    expect(claims).toMatchObject({ ...link, exp: now.getTime() + APPROVAL_LIMITS.linkTtlMs });
  });

  it('are refused once expired', () => {
    const { token, claims } = signApprovalLink(secret, link, now, 1000);
    expect(verifyApprovalLink(secret, token, claims, new Date(now.getTime() + 999)).ok).toBe(true);
    expect(verifyApprovalLink(secret, token, claims, new Date(now.getTime() + 1000))).toEqual({ ok: false, code: 'link-expired' });
  });

  it('are refused when the token or the stored claims changed, or another secret signed them', () => {
    const { token, claims } = signApprovalLink(secret, link, now);
    const [tid, signature] = token.split('.') as [string, string];
    for (const changed of [{ decision: 'reject' }, { uid: 'mallory' }, { exp: claims.exp + 1 }, { runId: 'run2' }, { nodeId: 'other' }]) {
      expect(verifyApprovalLink(secret, token, { ...claims, ...changed }, now)).toEqual({ ok: false, code: 'link-invalid' });
    }
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(verifyApprovalLink(secret, `${tid}.${flipped}`, claims, now)).toEqual({ ok: false, code: 'link-invalid' });
    expect(verifyApprovalLink('another secret', token, claims, now)).toEqual({ ok: false, code: 'link-invalid' });
    // Another link's claims under this token's id, and no claims at all.
    expect(verifyApprovalLink(secret, token, signApprovalLink(secret, link, now).claims, now)).toEqual({ ok: false, code: 'link-invalid' });
    expect(verifyApprovalLink(secret, token, null, now)).toEqual({ ok: false, code: 'link-invalid' });
    for (const garbage of ['', 'abc', `${tid}.`, `${token}.x`, `${tid}.${signature.slice(0, -2)}`, 'a.b']) {
      expect(linkTokenId(garbage)).toBeNull();
      expect(verifyApprovalLink(secret, garbage, claims, now)).toEqual({ ok: false, code: 'link-invalid' });
    }
  });

  it('use APPROVAL_LINK_SECRET, else the embedded development secret', () => {
    expect(approvalLinkSecretFromEnv({ APPROVAL_LINK_SECRET: ' s3cret ' })).toEqual({ secret: 's3cret', isDefault: false });
    expect(approvalLinkSecretFromEnv({}).isDefault).toBe(true);
  });
});

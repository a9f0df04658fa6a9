import { SUPPORTED_LANGUAGES } from '../i18n/languages';
import { WORKSPACE_ROLE_IDS } from '../rbac/workspaces';
import { invitationEmail } from './invitationEmail';

const input = { workspaceName: 'Acme', inviterName: 'Olga', roleId: 'workspace_editor' as const, link: 'https://app.example.com/admin/access/invitations/abc', expiresOn: '2026-12-04' };

describe('the invitation e-mail', () => {
  test.each(SUPPORTED_LANGUAGES)('%s: names the workspace, the inviter, the link and the expiry', (language) => {
    const { subject, text } = invitationEmail(language, input);
    expect(subject).toContain('Acme');
    expect(subject).toContain('Olga');
    expect(text).toContain(input.link);
    expect(text).toContain(input.expiresOn);
  });

  test('each language is its own text, with every role named in it', () => {
    const texts = SUPPORTED_LANGUAGES.map((language) => invitationEmail(language, input).text);
    expect(new Set(texts).size).toBe(SUPPORTED_LANGUAGES.length);
    for (const language of SUPPORTED_LANGUAGES) {
      const roles = WORKSPACE_ROLE_IDS.map((roleId) => invitationEmail(language, { ...input, roleId }).text);
      expect(new Set(roles).size).toBe(WORKSPACE_ROLE_IDS.length);
      for (const text of roles) expect(text).not.toMatch(/workspace_/);
    }
  });
});

// The invitation e-mail in the five languages (the invited person's profile
// language when they have an account, else the inviter's, else English).
// Pure: platform-api sends it with nodemailer.
import type { SupportedLanguage } from '../i18n/languages.js';
import type { WorkspaceRoleId } from '../rbac/workspaces.js';

export interface InvitationEmailInput {
  workspaceName: string;
  /** The inviter's display name or e-mail. */
  inviterName: string;
  roleId: WorkspaceRoleId;
  /** The accept link: `${APP_URL}/admin/access/invitations/<id>`. */
  link: string;
  /** The day it lapses (YYYY-MM-DD, UTC). */
  expiresOn: string;
}

interface Texts {
  roles: Record<WorkspaceRoleId, string>;
  subject: (input: InvitationEmailInput) => string;
  body: (input: InvitationEmailInput, role: string) => string;
}

const TEXTS: Record<SupportedLanguage, Texts> = {
  en: {
    roles: { workspace_viewer: 'viewer', workspace_runner: 'runner', workspace_editor: 'editor', workspace_admin: 'admin', workspace_owner: 'owner' },
    subject: (i) => `${i.inviterName} invited you to the workspace “${i.workspaceName}” on Agentflow`,
    body: (i, role) =>
      `${i.inviterName} invited you to join the workspace “${i.workspaceName}” on Agentflow as ${role}.\n\nOpen this link to accept or decline (sign in with this e-mail address):\n${i.link}\n\nThe invitation expires on ${i.expiresOn}. If you did not expect it, you can ignore this e-mail.`,
  },
  es: {
    roles: { workspace_viewer: 'lector', workspace_runner: 'ejecutor', workspace_editor: 'editor', workspace_admin: 'administrador', workspace_owner: 'propietario' },
    subject: (i) => `${i.inviterName} te ha invitado al espacio de trabajo «${i.workspaceName}» en Agentflow`,
    body: (i, role) =>
      `${i.inviterName} te ha invitado a unirte al espacio de trabajo «${i.workspaceName}» en Agentflow como ${role}.\n\nAbre este enlace para aceptar o rechazar (inicia sesión con esta dirección de correo):\n${i.link}\n\nLa invitación caduca el ${i.expiresOn}. Si no la esperabas, puedes ignorar este correo.`,
  },
  fr: {
    roles: { workspace_viewer: 'lecteur', workspace_runner: 'exécutant', workspace_editor: 'éditeur', workspace_admin: 'administrateur', workspace_owner: 'propriétaire' },
    subject: (i) => `${i.inviterName} vous invite dans l’espace de travail « ${i.workspaceName} » sur Agentflow`,
    body: (i, role) =>
      `${i.inviterName} vous invite à rejoindre l’espace de travail « ${i.workspaceName} » sur Agentflow en tant que ${role}.\n\nOuvrez ce lien pour accepter ou refuser (connectez-vous avec cette adresse e-mail) :\n${i.link}\n\nL’invitation expire le ${i.expiresOn}. Si vous ne l’attendiez pas, vous pouvez ignorer cet e-mail.`,
  },
  de: {
    roles: { workspace_viewer: 'Betrachter', workspace_runner: 'Ausführender', workspace_editor: 'Bearbeiter', workspace_admin: 'Administrator', workspace_owner: 'Eigentümer' },
    subject: (i) => `${i.inviterName} hat Sie in den Arbeitsbereich „${i.workspaceName}“ auf Agentflow eingeladen`,
    body: (i, role) =>
      `${i.inviterName} hat Sie eingeladen, dem Arbeitsbereich „${i.workspaceName}“ auf Agentflow als ${role} beizutreten.\n\nÖffnen Sie diesen Link, um anzunehmen oder abzulehnen (melden Sie sich mit dieser E-Mail-Adresse an):\n${i.link}\n\nDie Einladung läuft am ${i.expiresOn} ab. Wenn Sie sie nicht erwartet haben, können Sie diese E-Mail ignorieren.`,
  },
  it: {
    roles: { workspace_viewer: 'lettore', workspace_runner: 'esecutore', workspace_editor: 'editor', workspace_admin: 'amministratore', workspace_owner: 'proprietario' },
    subject: (i) => `${i.inviterName} ti ha invitato nello spazio di lavoro «${i.workspaceName}» su Agentflow`,
    body: (i, role) =>
      `${i.inviterName} ti ha invitato a entrare nello spazio di lavoro «${i.workspaceName}» su Agentflow come ${role}.\n\nApri questo link per accettare o rifiutare (accedi con questo indirizzo e-mail):\n${i.link}\n\nL’invito scade il ${i.expiresOn}. Se non te lo aspettavi, puoi ignorare questa e-mail.`,
  },
};

export function invitationEmail(language: SupportedLanguage, input: InvitationEmailInput): { subject: string; text: string } {
  const texts = TEXTS[language];
  return { subject: texts.subject(input), text: texts.body(input, texts.roles[input.roleId]) };
}

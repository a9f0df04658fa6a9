// The notification e-mails in the five languages (the recipient's profile
// language, else English). Plain text: every link written out, nothing that
// needs images or scripts. Pure: platform-api sends them with nodemailer.
import type { SupportedLanguage } from '../i18n/languages.js';
import type { RunRefusalCode } from '../workflow/runs.js';

export interface ApprovalWaitingEmailInput {
  workflowName: string;
  /** The step's message (what is being approved). */
  message: string;
  /** Who is waiting (display name or e-mail); null when unknown. */
  requestedBy: string | null;
  /** One-click links (single use, signed) and the inbox. */
  approveLink: string;
  rejectLink: string;
  inboxLink: string;
  /** When the one-click links lapse (YYYY-MM-DD HH:mm UTC). */
  expiresAt: string;
}

export interface RunFailedEmailInput {
  workflowName: string;
  error: string | null;
  runLink: string;
}

export interface RunRefusedEmailInput {
  workflowName: string;
  /** Why the run was refused (the e-mail says it in the recipient's words). */
  code: RunRefusalCode;
  runLink: string;
}

/** Why a run was refused, in each language. */
const REFUSAL_REASONS: Record<SupportedLanguage, Record<RunRefusalCode, string>> = {
  en: { insufficient_tokens: 'no tokens were left to pay for it.', plan_required: 'your plan does not include this trigger.', credential_missing: 'a credential it uses is missing.' },
  es: { insufficient_tokens: 'no quedaban tokens para pagarla.', plan_required: 'tu plan no incluye este disparador.', credential_missing: 'falta una credencial que utiliza.' },
  fr: { insufficient_tokens: 'il ne restait plus de jetons pour la payer.', plan_required: 'votre offre n’inclut pas ce déclencheur.', credential_missing: 'un identifiant qu’elle utilise est manquant.' },
  de: { insufficient_tokens: 'es waren keine Tokens mehr übrig, um sie zu bezahlen.', plan_required: 'Ihr Tarif enthält diesen Auslöser nicht.', credential_missing: 'ein Zugang, den sie verwendet, fehlt.' },
  it: { insufficient_tokens: 'non restavano token per pagarla.', plan_required: 'il tuo piano non include questo trigger.', credential_missing: 'manca una credenziale che utilizza.' },
};

export interface NotificationEmail {
  subject: string;
  text: string;
}

interface Texts {
  approvalWaiting: (i: ApprovalWaitingEmailInput) => NotificationEmail;
  runFailed: (i: RunFailedEmailInput) => NotificationEmail;
  runRefused: (i: RunRefusedEmailInput) => NotificationEmail;
}

const TEXTS: Record<SupportedLanguage, Texts> = {
  en: {
    approvalWaiting: (i) => ({
      subject: `Approval needed: ${i.workflowName}`,
      text: `${i.requestedBy ? `${i.requestedBy} is waiting for your decision` : 'A run is waiting for your decision'} in “${i.workflowName}”:\n\n${i.message}\n\nApprove: ${i.approveLink}\nReject: ${i.rejectLink}\n\nEach link works once, until ${i.expiresAt}. To read the details and add a comment, open your approvals: ${i.inboxLink}`,
    }),
    runFailed: (i) => ({
      subject: `Run failed: ${i.workflowName}`,
      text: `A run of “${i.workflowName}” failed${i.error ? `: ${i.error}` : '.'}\n\nOpen the run: ${i.runLink}`,
    }),
    runRefused: (i) => ({
      subject: `Run refused: ${i.workflowName}`,
      text: `A run of “${i.workflowName}” was not started: ${REFUSAL_REASONS.en[i.code]}\n\nOpen the run: ${i.runLink}`,
    }),
  },
  es: {
    approvalWaiting: (i) => ({
      subject: `Aprobación necesaria: ${i.workflowName}`,
      text: `${i.requestedBy ? `${i.requestedBy} espera tu decisión` : 'Una ejecución espera tu decisión'} en «${i.workflowName}»:\n\n${i.message}\n\nAprobar: ${i.approveLink}\nRechazar: ${i.rejectLink}\n\nCada enlace funciona una sola vez, hasta el ${i.expiresAt}. Para ver los detalles y añadir un comentario, abre tus aprobaciones: ${i.inboxLink}`,
    }),
    runFailed: (i) => ({
      subject: `Ejecución fallida: ${i.workflowName}`,
      text: `Una ejecución de «${i.workflowName}» ha fallado${i.error ? `: ${i.error}` : '.'}\n\nAbrir la ejecución: ${i.runLink}`,
    }),
    runRefused: (i) => ({
      subject: `Ejecución rechazada: ${i.workflowName}`,
      text: `Una ejecución de «${i.workflowName}» no se ha iniciado: ${REFUSAL_REASONS.es[i.code]}\n\nAbrir la ejecución: ${i.runLink}`,
    }),
  },
  fr: {
    approvalWaiting: (i) => ({
      subject: `Approbation requise : ${i.workflowName}`,
      text: `${i.requestedBy ? `${i.requestedBy} attend votre décision` : 'Une exécution attend votre décision'} dans « ${i.workflowName} » :\n\n${i.message}\n\nApprouver : ${i.approveLink}\nRejeter : ${i.rejectLink}\n\nChaque lien ne fonctionne qu’une fois, jusqu’au ${i.expiresAt}. Pour lire les détails et ajouter un commentaire, ouvrez vos approbations : ${i.inboxLink}`,
    }),
    runFailed: (i) => ({
      subject: `Exécution en échec : ${i.workflowName}`,
      text: `Une exécution de « ${i.workflowName} » a échoué${i.error ? ` : ${i.error}` : '.'}\n\nOuvrir l’exécution : ${i.runLink}`,
    }),
    runRefused: (i) => ({
      subject: `Exécution refusée : ${i.workflowName}`,
      text: `Une exécution de « ${i.workflowName} » n’a pas démarré : ${REFUSAL_REASONS.fr[i.code]}\n\nOuvrir l’exécution : ${i.runLink}`,
    }),
  },
  de: {
    approvalWaiting: (i) => ({
      subject: `Freigabe erforderlich: ${i.workflowName}`,
      text: `${i.requestedBy ? `${i.requestedBy} wartet auf Ihre Entscheidung` : 'Eine Ausführung wartet auf Ihre Entscheidung'} in „${i.workflowName}“:\n\n${i.message}\n\nGenehmigen: ${i.approveLink}\nAblehnen: ${i.rejectLink}\n\nJeder Link funktioniert einmal, bis ${i.expiresAt}. Um die Details zu lesen und einen Kommentar hinzuzufügen, öffnen Sie Ihre Freigaben: ${i.inboxLink}`,
    }),
    runFailed: (i) => ({
      subject: `Ausführung fehlgeschlagen: ${i.workflowName}`,
      text: `Eine Ausführung von „${i.workflowName}“ ist fehlgeschlagen${i.error ? `: ${i.error}` : '.'}\n\nAusführung öffnen: ${i.runLink}`,
    }),
    runRefused: (i) => ({
      subject: `Ausführung abgewiesen: ${i.workflowName}`,
      text: `Eine Ausführung von „${i.workflowName}“ wurde nicht gestartet: ${REFUSAL_REASONS.de[i.code]}\n\nAusführung öffnen: ${i.runLink}`,
    }),
  },
  it: {
    approvalWaiting: (i) => ({
      subject: `Approvazione richiesta: ${i.workflowName}`,
      text: `${i.requestedBy ? `${i.requestedBy} attende la tua decisione` : 'Un’esecuzione attende la tua decisione'} in «${i.workflowName}»:\n\n${i.message}\n\nApprova: ${i.approveLink}\nRifiuta: ${i.rejectLink}\n\nOgni link funziona una sola volta, fino al ${i.expiresAt}. Per leggere i dettagli e aggiungere un commento, apri le tue approvazioni: ${i.inboxLink}`,
    }),
    runFailed: (i) => ({
      subject: `Esecuzione non riuscita: ${i.workflowName}`,
      text: `Un’esecuzione di «${i.workflowName}» non è riuscita${i.error ? `: ${i.error}` : '.'}\n\nApri l’esecuzione: ${i.runLink}`,
    }),
    runRefused: (i) => ({
      subject: `Esecuzione rifiutata: ${i.workflowName}`,
      text: `Un’esecuzione di «${i.workflowName}» non è stata avviata: ${REFUSAL_REASONS.it[i.code]}\n\nApri l’esecuzione: ${i.runLink}`,
    }),
  },
};

export function approvalWaitingEmail(language: SupportedLanguage, input: ApprovalWaitingEmailInput): NotificationEmail {
  return TEXTS[language].approvalWaiting(input);
}

export function runFailedEmail(language: SupportedLanguage, input: RunFailedEmailInput): NotificationEmail {
  return TEXTS[language].runFailed(input);
}

export function runRefusedEmail(language: SupportedLanguage, input: RunRefusedEmailInput): NotificationEmail {
  return TEXTS[language].runRefused(input);
}

/** The labels of the one-click buttons in chat messages (Slack). */
const BUTTONS: Record<SupportedLanguage, { approve: string; reject: string }> = {
  en: { approve: 'Approve', reject: 'Reject' },
  es: { approve: 'Aprobar', reject: 'Rechazar' },
  fr: { approve: 'Approuver', reject: 'Rejeter' },
  de: { approve: 'Genehmigen', reject: 'Ablehnen' },
  it: { approve: 'Approva', reject: 'Rifiuta' },
};

export function approvalButtonLabels(language: SupportedLanguage): { approve: string; reject: string } {
  return BUTTONS[language];
}

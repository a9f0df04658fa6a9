import type { SupportedLanguage } from '../i18n/languages.js';
import type { VoiceCommand } from './commands.js';

/** The Web Speech API locale to listen in for each UI language. */
export const SPEECH_RECOGNITION_LOCALES: Record<SupportedLanguage, string> = {
  en: 'en-US',
  es: 'es-ES',
  fr: 'fr-FR',
  de: 'de-DE',
  it: 'it-IT',
};

/** Two short commands to suggest when an utterance was not recognised. */
export const VOICE_EXAMPLES: Record<SupportedLanguage, readonly [string, string]> = {
  en: ['open workflows', 'search workflows for invoices'],
  es: ['abre los flujos de trabajo', 'busca flujos de trabajo de facturas'],
  fr: ['ouvre les workflows', 'cherche des workflows sur les factures'],
  de: ['öffne die Workflows', 'suche Workflows nach Rechnungen'],
  it: ['apri i workflow', 'cerca workflow per fatture'],
};

/** One example phrase per command type, for the help sidebar. */
export const VOICE_COMMAND_EXAMPLES: Record<SupportedLanguage, { command: VoiceCommand['type']; phrase: string }[]> = {
  en: [
    { command: 'navigate', phrase: 'go to billing' },
    { command: 'searchWorkflows', phrase: 'search workflows for invoices' },
    { command: 'runWorkflow', phrase: 'run workflow lead scoring' },
    { command: 'openHelp', phrase: 'open help' },
    { command: 'changeLanguage', phrase: 'switch to Spanish' },
    { command: 'signOut', phrase: 'sign out' },
  ],
  es: [
    { command: 'navigate', phrase: 've a facturación' },
    { command: 'searchWorkflows', phrase: 'busca flujos de trabajo de facturas' },
    { command: 'runWorkflow', phrase: 'ejecuta el flujo puntuación de leads' },
    { command: 'openHelp', phrase: 'abre la ayuda' },
    { command: 'changeLanguage', phrase: 'cambia el idioma a inglés' },
    { command: 'signOut', phrase: 'cierra sesión' },
  ],
  fr: [
    { command: 'navigate', phrase: 'va à la facturation' },
    { command: 'searchWorkflows', phrase: 'cherche des workflows sur les factures' },
    { command: 'runWorkflow', phrase: 'lance le workflow qualification des leads' },
    { command: 'openHelp', phrase: "ouvre l'aide" },
    { command: 'changeLanguage', phrase: 'passe en anglais' },
    { command: 'signOut', phrase: 'déconnecte-moi' },
  ],
  de: [
    { command: 'navigate', phrase: 'gehe zur Abrechnung' },
    { command: 'searchWorkflows', phrase: 'suche Workflows nach Rechnungen' },
    { command: 'runWorkflow', phrase: 'starte Workflow Lead-Scoring' },
    { command: 'openHelp', phrase: 'öffne die Hilfe' },
    { command: 'changeLanguage', phrase: 'wechsle zu Englisch' },
    { command: 'signOut', phrase: 'abmelden' },
  ],
  it: [
    { command: 'navigate', phrase: 'vai alla fatturazione' },
    { command: 'searchWorkflows', phrase: 'cerca workflow per fatture' },
    { command: 'runWorkflow', phrase: 'avvia il workflow lead scoring' },
    { command: 'openHelp', phrase: "apri l'aiuto" },
    { command: 'changeLanguage', phrase: "passa all'inglese" },
    { command: 'signOut', phrase: 'esci' },
  ],
};

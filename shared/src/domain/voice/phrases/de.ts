import type { VoicePhrases } from './types.js';

const OPEN =
  '(öffne|öffnen|öffnen sie|zeige|zeig|zeigen|zeige mir|zeig mir|zeigen sie mir|gehe|geh|gehen|gehen sie|wechsle|wechsel|wechseln|navigiere|bring mich|bringe mich|führe mich|zurück|geh zurück|gehe zurück|bring mich zurück)';
const TO = '[zu|zur|zum|nach|in|auf|in die|in den]';
const THE = '[die|den|der|dem|das|meine|meinen|alle|die seite|die seite der|die seite für]';
const SHOW = '(öffnen|anzeigen|zeigen|aufrufen|ansehen|anschauen)';

/** "öffne die Workflows", "gehe zur Abrechnung", "Rollen anzeigen", "Berechtigungen" … */
const place = (nouns: string) => [
  `${OPEN} [bitte] ${TO} ${THE} ${nouns}`,
  `${THE} ${nouns} ${SHOW}`,
  `[zu|zur|zum] ${THE} ${nouns}`,
];

const FLOWS = '(workflows|workflow|arbeitsabläufe|arbeitsablauf|abläufe|ablauf)';
const SEARCH = '(suche|such|suchen|finde|find|zeige|zeig|zeige mir|zeig mir|durchsuche)';
const MANAGE = '(verwalte|verwalten|bearbeite|bearbeiten|ändere|ändern)';

export const de: VoicePhrases = {
  polite: ['bitte', 'bitte schön', 'danke', 'danke schön'],
  fillers: ['kannst du', 'könntest du', 'können sie', 'könnten sie', 'ich möchte', 'ich will', 'ich würde gern', 'ich würde gerne', 'jetzt'],
  stopWords: [
    'der', 'die', 'das', 'den', 'dem', 'des', 'ein', 'eine', 'einen', 'mein', 'meine', 'meinen', 'alle', 'workflow', 'workflows',
    'arbeitsablauf', 'arbeitsabläufe', 'ablauf', 'abläufe', 'nach', 'zu', 'zum', 'zur', 'für', 'über', 'mit', 'von', 'mir',
    'mich', 'namens', 'aus',
  ],
  languageNames: {
    en: ['englisch'],
    es: ['spanisch'],
    fr: ['französisch'],
    de: ['deutsch'],
    it: ['italienisch'],
  },

  navigate: {
    home: [
      ...place('(startseite|home|homepage|übersicht|dashboard|hauptseite)'),
      '[geh|gehe|bring mich|bringe mich] [zurück] nach hause',
    ],
    workflows: [...place('(workflows|arbeitsabläufe|abläufe|workflow liste|workflowliste|workflow übersicht|automatisierungen)')],
    billing: [
      ...place('(abrechnung|zahlungen|zahlung|abonnement|abo|tarif|tarife|rechnungen|zahlungsinformationen)'),
      `${MANAGE} [bitte] [mein|meine|das|die|den] (abo|abonnement|tarif|abrechnung|zahlungen|zahlungsmethode)`,
      '[mein|meine|das|die|den] (abo|abonnement|tarif|abrechnung|zahlungen|zahlungsmethode) (verwalten|ändern|bearbeiten)',
    ],
    access: [
      ...place(
        '(zugriffskontrolle|zugriffssteuerung|zugangskontrolle|zugriffsverwaltung|zugriff|zugriffe|zugriffsrechte|berechtigungen|rechte|rollen|benutzer|benutzerverwaltung|rollenverwaltung|mitglieder)',
      ),
      `${MANAGE} [bitte] [die|meine] (rollen|berechtigungen|rechte|benutzer|zugriffe|zugriffsrechte|mitglieder)`,
      '[die|meine] (rollen|berechtigungen|rechte|benutzer|zugriffe|zugriffsrechte|mitglieder) (verwalten|bearbeiten|ändern)',
    ],
  },

  searchWorkflows: [
    `${SEARCH} [bitte] [die|meine|alle] ${FLOWS} (nach|zu|zum|zur|für|über|mit|zum thema|mit dem namen|namens|bezüglich|betreffend|rund um) [dem|der|den|die|das] {query}`,
    '(suche|such|suchen|finde|find) [bitte] nach [dem|der|den|die|das] {query}',
    `[die|meine|alle] ${FLOWS} (nach|zu|zum|zur|für|über|mit) [dem|der|den|die|das] {query} (suchen|finden|durchsuchen)`,
    'nach [dem|der|den|die|das] {query} suchen',
    '(suche|such|finde|find) [bitte] [den|die|das] {query}',
  ],
  runWorkflow: [
    `(führe|führ|führen sie) [bitte] [den|meinen] ${FLOWS} [namens] {name} aus`,
    `(starte|start|starten sie|aktiviere|löse) [bitte] [den|meinen] ${FLOWS} [namens] {name}`,
    `[den|meinen] ${FLOWS} [namens] {name} (starten|ausführen|aktivieren)`,
    `(starte|start|starten sie|aktiviere) [bitte] [den|meinen] {name} ${FLOWS}`,
    '(führe|führ|führen sie) [bitte] [den|die|das|meinen] {name} aus',
  ],
  openHelp: [
    '(hilfe|hilf mir|hilfeseite|hilfebereich)',
    '(öffne|öffnen|zeige|zeig|zeige mir|zeig mir|ruf|rufe) [bitte] [die] (hilfe|hilfeseite) [auf]',
    '(geh|gehe) [bitte] zur hilfe',
    '[die] (hilfe|hilfeseite) (öffnen|anzeigen|aufrufen|zeigen)',
    'ich brauche hilfe',
    'was kann ich (sagen|tun|machen)',
    'welche befehle gibt es',
    '[zeige|zeig] [die] sprachbefehle [anzeigen]',
  ],
  changeLanguage: [
    '[die] sprache (auf|zu|in|nach) {language} (ändern|umstellen|wechseln|stellen|setzen|umschalten)',
    '(ändere|ändern|stelle|stell|setze|setz|wechsle|wechsel|wechseln|schalte|schalt) [bitte] [die] sprache (auf|zu|in|nach) {language} [um]',
    '(wechsle|wechsel|wechseln|schalte|schalt|stelle|stell|geh|gehe) [bitte] (zu|auf|nach|in) {language} [um]',
    '(sprich|sprechen|rede|red) [bitte] [auf|in] {language} [mit mir]',
    '(auf|in) {language} [umstellen|wechseln|umschalten]',
    'sprache {language}',
    '{language}',
  ],
  signOut: [
    '[mich] (abmelden|ausloggen|abmeldung)',
    '(melde|melden|meld) [bitte] mich ab',
    '(logge|log|logg) [bitte] mich aus',
    '[die] sitzung beenden',
    '(beende|beenden) [bitte] [die] sitzung',
  ],
};

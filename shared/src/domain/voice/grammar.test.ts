import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES, type SupportedLanguage } from '../i18n/languages.js';
import { VOICE_COMMAND_TYPES, VOICE_DESTINATIONS, type VoiceCommand, type VoiceDestination } from './commands.js';
import { SPEECH_RECOGNITION_LOCALES, VOICE_COMMAND_EXAMPLES, VOICE_EXAMPLES } from './examples.js';
import { compileAllVoiceTemplates, parseVoiceCommand, parseVoiceCommandInLanguage } from './grammar.js';
import * as publicApi from './index.js';
import { VOICE_PHRASES } from './phrases/index.js';

const nav = (destination: VoiceDestination): VoiceCommand => ({ type: 'navigate', destination });
const search = (query: string): VoiceCommand => ({ type: 'searchWorkflows', query });
const run = (name: string): VoiceCommand => ({ type: 'runWorkflow', name });
const lang = (language: SupportedLanguage): VoiceCommand => ({ type: 'changeLanguage', language });
const help: VoiceCommand = { type: 'openHelp' };
const signOut: VoiceCommand = { type: 'signOut' };

type Case = [phrase: string, expected: VoiceCommand];

/** Phrases in each language, read with that language's grammar alone. */
const CASES: Record<SupportedLanguage, Case[]> = {
  en: [
    ['open workflows', nav('workflows')],
    ['go to workflows', nav('workflows')],
    ['show my workflows', nav('workflows')],
    ['workflows', nav('workflows')],
    ['Show me all the workflows.', nav('workflows')],
    ['take me to the workflows page', nav('workflows')],
    ['open home', nav('home')],
    ['go home', nav('home')],
    ['home page', nav('home')],
    ['go to the dashboard', nav('home')],
    ['open billing', nav('billing')],
    ['show billing', nav('billing')],
    ['go to billing', nav('billing')],
    ['manage my subscription', nav('billing')],
    ['OPEN BILLING!', nav('billing')],
    ['open access control', nav('access')],
    ['access control', nav('access')],
    ['manage roles', nav('access')],
    ['permissions', nav('access')],
    ['go to the permissions page', nav('access')],
    ['search workflows for invoices', search('invoices')],
    ['find workflows about leads', search('leads')],
    ['search for invoices', search('invoices')],
    ['Search workflows for "Q3 invoices"?', search('Q3 invoices')],
    ['look for customer onboarding', search('customer onboarding')],
    ['find invoice workflows', search('invoice')],
    ['search my workflows for the Acme renewal', search('Acme renewal')],
    ['show me workflows about shipping delays', search('shipping delays')],
    ['run workflow lead scoring', run('lead scoring')],
    ['start workflow Lead Scoring', run('Lead Scoring')],
    ['execute the lead scoring workflow', run('lead scoring')],
    ['run the workflow called "Weekly Report".', run('Weekly Report')],
    ['launch the Invoice Chaser flow', run('Invoice Chaser')],
    ['run lead scoring', run('lead scoring')],
    ['open help', help],
    ['help', help],
    ['show help', help],
    ['Help!', help],
    ['what can I say?', help],
    ['change language to Spanish', lang('es')],
    ['switch to French', lang('fr')],
    ['speak German', lang('de')],
    ['set language to Italian', lang('it')],
    ['switch to español', lang('es')],
    ['change the language to Français', lang('fr')],
    ['English', lang('en')],
    ['speak Deutsch', lang('de')],
    ['sign out', signOut],
    ['log out', signOut],
    ['logout', signOut],
    ['log me out of my account', signOut],
    ['Sign-out.', signOut],
    // polite words, wake word, case, accents, punctuation, spacing
    ['please open workflows', nav('workflows')],
    ['open workflows please', nav('workflows')],
    ['Hey Agentflow, open workflows.', nav('workflows')],
    ['ok agentflow go to billing please', nav('billing')],
    ['agentflow: sign out', signOut],
    ['  Open    Workflows  ', nav('workflows')],
    ['Ópen wörkflows', nav('workflows')],
    ['can you open billing, please?', nav('billing')],
    ['I want to sign out', signOut],
  ],
  es: [
    ['abre los flujos de trabajo', nav('workflows')],
    ['ve a flujos de trabajo', nav('workflows')],
    ['muéstrame mis flujos', nav('workflows')],
    ['flujos de trabajo', nav('workflows')],
    ['abre los workflows', nav('workflows')],
    ['workflows', nav('workflows')],
    ['ir al inicio', nav('home')],
    ['página de inicio', nav('home')],
    ['vuelve al inicio', nav('home')],
    ['vamos al inicio', nav('home')],
    ['abre la facturación', nav('billing')],
    ['ve a pagos', nav('billing')],
    ['muestra mi suscripción', nav('billing')],
    ['facturacion', nav('billing')],
    ['abre el control de acceso', nav('access')],
    ['permisos', nav('access')],
    ['gestiona los roles', nav('access')],
    ['ve a control de accesos', nav('access')],
    ['busca flujos de trabajo de facturación', search('facturación')],
    ['busca flujos de trabajo de facturacion', search('facturacion')],
    ['buscar flujos sobre clientes potenciales', search('clientes potenciales')],
    ['búscame los workflows con pedidos pendientes', search('pedidos pendientes')],
    ['busca facturas', search('facturas')],
    ['encuentra flujos relacionados con envíos', search('envíos')],
    ['ejecuta el flujo puntuación de leads', run('puntuación de leads')],
    ['ejecutar el flujo de trabajo Informe Semanal', run('Informe Semanal')],
    ['inicia el flujo de facturación', run('facturación')],
    ['ejecuta el workflow "Lead Scoring"', run('Lead Scoring')],
    ['lanza el flujo llamado Seguimiento', run('Seguimiento')],
    ['ejecuta informe semanal', run('informe semanal')],
    ['ayuda', help],
    ['abre la ayuda', help],
    ['necesito ayuda', help],
    ['¿Qué puedo decir?', help],
    ['ayúdame', help],
    ['cambiar idioma a inglés', lang('en')],
    ['cambia a francés', lang('fr')],
    ['en alemán', lang('de')],
    ['pon el idioma en italiano', lang('it')],
    ['habla español', lang('es')],
    ['cambia a ingles', lang('en')],
    ['cambia el idioma a English', lang('en')],
    ['cerrar sesión', signOut],
    ['cierra la sesión', signOut],
    ['salir', signOut],
    ['cerrar sesion', signOut],
    ['desconéctame', signOut],
    // polite words, wake word, case, accents, punctuation
    ['¡Abre los flujos de trabajo, por favor!', nav('workflows')],
    ['por favor, cierra sesión', signOut],
    ['oye agentflow, ve a facturación', nav('billing')],
    ['¿Puedes abrir la ayuda?', help],
    ['ABRE LA FACTURACIÓN', nav('billing')],
    ['quiero cerrar sesión', signOut],
    ['Ábre lós flujos', nav('workflows')],
  ],
  fr: [
    ['ouvre les workflows', nav('workflows')],
    ['ouvre les flux de travail', nav('workflows')],
    ['affiche mes workflows', nav('workflows')],
    ['va aux workflows', nav('workflows')],
    ['flux de travail', nav('workflows')],
    ["va à l'accueil", nav('home')],
    ["page d'accueil", nav('home')],
    ['retour à l’accueil', nav('home')],
    ['ouvre le tableau de bord', nav('home')],
    ['ouvre la facturation', nav('billing')],
    ['va à la facturation', nav('billing')],
    ['affiche mon abonnement', nav('billing')],
    ['facturation', nav('billing')],
    ["ouvre le contrôle d'accès", nav('access')],
    ["contrôle d'accès", nav('access')],
    ['controle d acces', nav('access')],
    ['gère les rôles', nav('access')],
    ['affiche les permissions', nav('access')],
    ['cherche des workflows sur les factures', search('factures')],
    ['recherche des workflows sur la prospection', search('prospection')],
    ['cherche les flux de travail concernant les relances clients', search('relances clients')],
    ['trouve des workflows à propos de livraison', search('livraison')],
    ['recherche factures impayées', search('factures impayées')],
    ['lance le workflow qualification des leads', run('qualification des leads')],
    ['exécute le workflow Rapport Hebdo', run('Rapport Hebdo')],
    ['démarre le flux de travail nommé « Relance »', run('Relance')],
    ["lance le workflow d'onboarding", run('onboarding')],
    ['execute le workflow Rapport', run('Rapport')],
    ['aide', help],
    ["ouvre l'aide", help],
    ['affiche l’aide', help],
    ["j'ai besoin d'aide", help],
    ['aide-moi', help],
    ["Qu'est-ce que je peux dire ?", help],
    ['passe en anglais', lang('en')],
    ['change la langue en espagnol', lang('es')],
    ['mets la langue en allemand', lang('de')],
    ['parle italien', lang('it')],
    ['passe en français', lang('fr')],
    ['passe à l’anglais', lang('en')],
    ['passe en English', lang('en')],
    ['déconnexion', signOut],
    ['se déconnecter', signOut],
    ['déconnecte-moi', signOut],
    ['deconnecte moi', signOut],
    ['ferme la session', signOut],
    // polite words, wake word, case, accents, punctuation
    ["Ouvre la facturation, s'il te plaît !", nav('billing')],
    ['Déconnecte-moi s’il vous plaît.', signOut],
    ['« ouvre les workflows »', nav('workflows')],
    ['dis agentflow, ouvre l’aide', help],
    ['je veux me déconnecter', signOut],
    ['peux-tu ouvrir la facturation ?', nav('billing')],
    ['OUVRE LA FACTURATION', nav('billing')],
  ],
  de: [
    ['Workflows öffnen', nav('workflows')],
    ['Arbeitsabläufe öffnen', nav('workflows')],
    ['öffne die Workflows', nav('workflows')],
    ['zeige Workflows', nav('workflows')],
    ['zeig mir meine Workflows', nav('workflows')],
    ['gehe zu den Workflows', nav('workflows')],
    ['Startseite', nav('home')],
    ['geh zur Startseite', nav('home')],
    ['nach Hause', nav('home')],
    ['zurück zur Übersicht', nav('home')],
    ['öffne die Abrechnung', nav('billing')],
    ['gehe zur Abrechnung', nav('billing')],
    ['Abrechnung anzeigen', nav('billing')],
    ['mein Abo verwalten', nav('billing')],
    ['zur Abrechnung', nav('billing')],
    ['Zugriffskontrolle öffnen', nav('access')],
    ['Berechtigungen', nav('access')],
    ['zeige die Rollen', nav('access')],
    ['Rollen verwalten', nav('access')],
    ['gehe zur Zugriffskontrolle', nav('access')],
    ['suche Workflows nach Rechnungen', search('Rechnungen')],
    ['suche nach Rechnungen', search('Rechnungen')],
    ['finde Arbeitsabläufe über Kundenbindung', search('Kundenbindung')],
    ['Workflows nach Lieferung suchen', search('Lieferung')],
    ['durchsuche die Workflows nach offene Posten', search('offene Posten')],
    ['suche Mahnungen', search('Mahnungen')],
    ['starte Workflow Lead-Scoring', run('Lead-Scoring')],
    ['starte den Workflow Lead Scoring', run('Lead Scoring')],
    ['führe den Workflow Wochenbericht aus', run('Wochenbericht')],
    ['führe Workflow „Rechnungsversand“ aus', run('Rechnungsversand')],
    ['Workflow Wochenbericht starten', run('Wochenbericht')],
    ['starte den Lead-Scoring-Workflow', run('Lead-Scoring')],
    ['führe Wochenbericht aus', run('Wochenbericht')],
    ['Hilfe', help],
    ['öffne die Hilfe', help],
    ['Hilfe anzeigen', help],
    ['ich brauche Hilfe', help],
    ['was kann ich sagen?', help],
    ['Sprache auf Englisch ändern', lang('en')],
    ['wechsle zu Französisch', lang('fr')],
    ['auf Deutsch', lang('de')],
    ['ändere die Sprache auf Italienisch', lang('it')],
    ['stell auf Spanisch um', lang('es')],
    ['sprich Englisch', lang('en')],
    ['Sprache auf Italiano ändern', lang('it')],
    ['abmelden', signOut],
    ['ausloggen', signOut],
    ['melde mich ab', signOut],
    ['logge mich aus', signOut],
    // polite words, wake word, case, accents, punctuation
    ['Bitte öffne die Abrechnung!', nav('billing')],
    ['öffne bitte die Abrechnung', nav('billing')],
    ['Abmelden, bitte.', signOut],
    ['hallo agentflow, zeige die Hilfe', help],
    ['ich möchte mich abmelden', signOut],
    ['kannst du die Workflows öffnen?', nav('workflows')],
    ['OFFNE DIE WORKFLOWS', nav('workflows')],
  ],
  it: [
    ['apri i flussi di lavoro', nav('workflows')],
    ['apri i workflow', nav('workflows')],
    ['mostra i miei workflow', nav('workflows')],
    ['vai ai workflow', nav('workflows')],
    ['flussi di lavoro', nav('workflows')],
    ['vai alla home', nav('home')],
    ['pagina iniziale', nav('home')],
    ['torna alla pagina principale', nav('home')],
    ['apri la fatturazione', nav('billing')],
    ['vai ai pagamenti', nav('billing')],
    ['fatturazione', nav('billing')],
    ['gestisci il mio abbonamento', nav('billing')],
    ['apri il controllo accessi', nav('access')],
    ['controllo degli accessi', nav('access')],
    ['permessi', nav('access')],
    ['gestisci i ruoli', nav('access')],
    ['vai ai ruoli', nav('access')],
    ['cerca workflow per fatture', search('fatture')],
    ['cerca i flussi di lavoro sulla fatturazione', search('fatturazione')],
    ['trova workflow con ordini in sospeso', search('ordini in sospeso')],
    ['cerca fatture scadute', search('fatture scadute')],
    ['cerca workflow per città', search('città')],
    ['esegui il workflow lead scoring', run('lead scoring')],
    ['avvia il workflow Report Settimanale', run('Report Settimanale')],
    ['esegui il flusso di lavoro di fatturazione', run('fatturazione')],
    ['lancia il workflow chiamato "Solleciti"', run('Solleciti')],
    ['esegui report settimanale', run('report settimanale')],
    ['aiuto', help],
    ["apri l'aiuto", help],
    ['mostra la guida', help],
    ['ho bisogno di aiuto', help],
    ['cosa posso dire?', help],
    ['cambia lingua in inglese', lang('en')],
    ['passa al francese', lang('fr')],
    ["passa all'inglese", lang('en')],
    ['imposta la lingua su tedesco', lang('de')],
    ['parla spagnolo', lang('es')],
    ['in italiano', lang('it')],
    ['cambia lingua in English', lang('en')],
    ['esci', signOut],
    ['disconnetti', signOut],
    ["esci dall'account", signOut],
    ['effettua il logout', signOut],
    ['chiudi la sessione', signOut],
    // polite words, wake word, case, accents, punctuation
    ['Apri la fatturazione, per favore!', nav('billing')],
    ['per favore esci', signOut],
    ['ehi agentflow, apri i workflow', nav('workflows')],
    ['puoi aprire la guida?', help],
    ['voglio uscire', signOut],
    ['APRI I FLUSSI DI LAVORO', nav('workflows')],
    ['cerca workflow per citta', search('citta')],
  ],
};

describe.each(SUPPORTED_LANGUAGES)('the %s grammar', (language) => {
  test.each(CASES[language])('%s', (phrase, expected) => {
    expect(parseVoiceCommandInLanguage(phrase, language)).toEqual(expected);
    expect(parseVoiceCommand(phrase, language)).toEqual(expected);
  });

  test('the cases cover every command type and every destination', () => {
    const commands = CASES[language].map(([, command]) => command);
    expect(new Set(commands.map((command) => command.type))).toEqual(new Set(VOICE_COMMAND_TYPES));
    const destinations = commands.flatMap((command) => (command.type === 'navigate' ? [command.destination] : []));
    expect(new Set(destinations)).toEqual(new Set(VOICE_DESTINATIONS));
    const languages = commands.flatMap((command) => (command.type === 'changeLanguage' ? [command.language] : []));
    expect(new Set(languages)).toEqual(new Set(SUPPORTED_LANGUAGES));
  });

  test('the phrase table has templates for every command and destination', () => {
    const phrases = VOICE_PHRASES[language];
    for (const type of VOICE_COMMAND_TYPES) {
      const templates = type === 'navigate' ? VOICE_DESTINATIONS.flatMap((destination) => phrases.navigate[destination]) : phrases[type];
      expect({ type, count: templates.length > 0 }).toEqual({ type, count: true });
    }
    for (const destination of VOICE_DESTINATIONS) expect(phrases.navigate[destination].length).toBeGreaterThan(0);
    for (const named of SUPPORTED_LANGUAGES) expect(phrases.languageNames[named].length).toBeGreaterThan(0);
  });
});

describe('cross-language fallback', () => {
  test.each<[string, SupportedLanguage, VoiceCommand]>([
    ['open workflows', 'es', nav('workflows')],
    ['search workflows for invoices', 'es', search('invoices')],
    ['sign out', 'fr', signOut],
    ['run workflow lead scoring', 'de', run('lead scoring')],
    ['switch to German', 'it', lang('de')],
    ['help', 'it', help],
    ['cierra sesión', 'en', signOut],
    ['busca flujos de trabajo de facturación', 'de', search('facturación')],
    ['déconnecte-moi', 'es', signOut],
    ['öffne die Abrechnung', 'fr', nav('billing')],
    ['passa al francese', 'en', lang('fr')],
  ])('"%s" with a %s UI', (phrase, language, expected) => {
    expect(parseVoiceCommandInLanguage(phrase, language)).toBeNull();
    expect(parseVoiceCommand(phrase, language)).toEqual(expected);
  });

  // Every help-sidebar example of every language, heard with every other UI language.
  const pairs = SUPPORTED_LANGUAGES.flatMap((ui) =>
    SUPPORTED_LANGUAGES.filter((spoken) => spoken !== ui).flatMap((spoken) =>
      VOICE_COMMAND_EXAMPLES[spoken].map(({ phrase }) => [ui, spoken, phrase] as const),
    ),
  );
  test.each(pairs)('a %s UI understands the %s example "%s" as its own language does', (ui, spoken, phrase) => {
    const expected = parseVoiceCommandInLanguage(phrase, spoken);
    expect(expected).not.toBeNull();
    expect(parseVoiceCommand(phrase, ui)).toEqual(expected);
  });
});

describe('not a command', () => {
  const NEGATIVES = [
    '',
    '   ',
    '?!',
    'please',
    'hey agentflow',
    'thank you',
    'I love my workflows and billing',
    'the weather is nice today',
    'open the pod bay doors',
    'start',
    'go back',
    'search workflows for',
    'search workflows for, please',
    'search for',
    'search workflows',
    'find workflows about',
    'run workflow',
    'run the workflow',
    'switch to Klingon',
    'change language to billing',
    'open',
    'go to',
    'workflows and billing',
    'busca flujos de trabajo',
    'busca flujos de trabajo de',
    'ejecuta el flujo',
    'cherche des workflows sur',
    'lance le workflow',
    'suche Workflows nach',
    'suche nach',
    'führe den Workflow aus',
    'cerca workflow per',
    'esegui il workflow',
    'cambia lingua in klingon',
    'me encantan mis flujos de trabajo',
    "j'adore la facturation",
    'ich mag meine Workflows',
    'mi piacciono i flussi di lavoro',
    '¿Buscas? No: busca flujos de Año Nuevo',
  ];
  const cases = SUPPORTED_LANGUAGES.flatMap((language) => NEGATIVES.map((phrase) => [JSON.stringify(phrase), language, phrase] as const));
  test.each(cases)('%s with a %s UI', (_label, language, phrase) => {
    expect(parseVoiceCommand(phrase, language)).toBeNull();
  });

  test('a long ramble is rejected quickly', () => {
    const ramble = `search workflows for ${'the flow of the workflow '.repeat(200)}workflow`;
    const started = Date.now();
    for (const language of SUPPORTED_LANGUAGES) parseVoiceCommand(`I think ${ramble} and so on`, language);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  test('non-string input and unknown languages do not throw', () => {
    expect(parseVoiceCommand(undefined as unknown as string, 'en')).toBeNull();
    expect(parseVoiceCommand(42 as unknown as string, 'en')).toBeNull();
    expect(parseVoiceCommand('open workflows', 'pt' as SupportedLanguage)).toEqual(nav('workflows'));
    expect(parseVoiceCommandInLanguage('open workflows', 'pt' as SupportedLanguage)).toBeNull();
  });
});

describe('captured values keep the words as heard', () => {
  test.each<[string, SupportedLanguage, VoiceCommand]>([
    ['run workflow "Lead Scoring"', 'en', run('Lead Scoring')],
    ["run workflow 'Weekly Report'", 'en', run('Weekly Report')],
    ['search for “big deals”!', 'en', search('big deals')],
    ['démarre le workflow « Relance »', 'fr', run('Relance')],
    ['führe Workflow „Rechnungsversand“ aus', 'de', run('Rechnungsversand')],
    ['search for invoices?!', 'en', search('invoices')],
    ['search for invoices...', 'en', search('invoices')],
    ['search for Q3, EMEA', 'en', search('Q3, EMEA')],
    ['run workflow Lead-Scoring v2.1', 'en', run('Lead-Scoring v2.1')],
    ['run workflow R&D intake', 'en', run('R&D intake')],
    ['search for ACME Corp', 'en', search('ACME Corp')],
    ['search for   big    deals  ', 'en', search('big deals')],
    ['search for invoices please', 'en', search('invoices')],
    ['search for invoices, thank you.', 'en', search('invoices')],
    ['cherche des workflows sur les factures, merci', 'fr', search('factures')],
    ['busca flujos de trabajo de facturación', 'es', search('facturación')],
    ['busca flujos de facturacio\u0301n', 'es', search('facturacio\u0301n')],
    ['busca flujos de Año Nuevo', 'es', search('Año Nuevo')],
    ['suche nach Straßenbau', 'de', search('Straßenbau')],
    ['search for 🚀 launches', 'en', search('🚀 launches')],
    ['execute the Café Crème workflow', 'en', run('Café Crème')],
    ['lance le workflow d’onboarding', 'fr', run('onboarding')],
    ["esegui il workflow dell'anno", 'it', run("dell'anno")],
  ])('"%s" (%s)', (phrase, language, expected) => {
    expect(parseVoiceCommand(phrase, language)).toEqual(expected);
  });
});

describe('language names', () => {
  /** One change-language phrase per UI language, with the name to insert. */
  const SAY: Record<SupportedLanguage, (name: string) => string> = {
    en: (name) => `change language to ${name}`,
    es: (name) => `cambia el idioma a ${name}`,
    fr: (name) => `change la langue en ${name}`,
    de: (name) => `Sprache auf ${name} ändern`,
    it: (name) => `cambia lingua in ${name}`,
  };

  // Every name of every language, in every table, understood by every grammar.
  const cases = SUPPORTED_LANGUAGES.flatMap((ui) =>
    SUPPORTED_LANGUAGES.flatMap((table) =>
      SUPPORTED_LANGUAGES.flatMap((target) =>
        VOICE_PHRASES[table].languageNames[target].map((name) => [ui, name, target] as const),
      ),
    ),
  );
  test.each(cases)('the %s grammar reads "%s" as %s', (ui, name, target) => {
    expect(parseVoiceCommandInLanguage(SAY[ui](name), ui)).toEqual(lang(target));
    expect(parseVoiceCommandInLanguage(SAY[ui](name.toUpperCase()), ui)).toEqual(lang(target));
  });

  test.each(SUPPORTED_LANGUAGES)('each language is known by its own name (%s)', (target) => {
    for (const ui of SUPPORTED_LANGUAGES) {
      expect(parseVoiceCommandInLanguage(SAY[ui](LANGUAGE_NAMES[target]), ui)).toEqual(lang(target));
    }
  });

  test('no name belongs to two languages', () => {
    const owner = new Map<string, SupportedLanguage>();
    for (const table of SUPPORTED_LANGUAGES) {
      for (const target of SUPPORTED_LANGUAGES) {
        for (const name of VOICE_PHRASES[table].languageNames[target]) {
          const key = publicApi.normalizeVoiceText(name);
          expect({ name, language: owner.get(key) ?? target }).toEqual({ name, language: target });
          owner.set(key, target);
        }
      }
    }
  });
});

describe('examples', () => {
  test.each(SUPPORTED_LANGUAGES)('the two "not recognised" examples for %s are commands in that language', (language) => {
    const [first, second] = VOICE_EXAMPLES[language];
    expect(parseVoiceCommandInLanguage(first, language)).toEqual(nav('workflows'));
    expect(parseVoiceCommandInLanguage(second, language)).toMatchObject({ type: 'searchWorkflows' });
  });

  const sidebar = SUPPORTED_LANGUAGES.flatMap((language) =>
    VOICE_COMMAND_EXAMPLES[language].map(({ command, phrase }) => [language, command, phrase] as const),
  );
  test.each(sidebar)('%s %s example "%s" parses to its command', (language, command, phrase) => {
    expect(parseVoiceCommandInLanguage(phrase, language)?.type).toBe(command);
  });

  test.each(SUPPORTED_LANGUAGES)('the %s sidebar has one example per command type, in order', (language) => {
    expect(VOICE_COMMAND_EXAMPLES[language].map(({ command }) => command)).toEqual([...VOICE_COMMAND_TYPES]);
  });

  test('the sidebar examples carry the expected values', () => {
    const values = SUPPORTED_LANGUAGES.map((language) =>
      VOICE_COMMAND_EXAMPLES[language].map(({ phrase }) => parseVoiceCommandInLanguage(phrase, language)),
    );
    expect(values).toEqual([
      [nav('billing'), search('invoices'), run('lead scoring'), help, lang('es'), signOut],
      [nav('billing'), search('facturas'), run('puntuación de leads'), help, lang('en'), signOut],
      [nav('billing'), search('factures'), run('qualification des leads'), help, lang('en'), signOut],
      [nav('billing'), search('Rechnungen'), run('Lead-Scoring'), help, lang('en'), signOut],
      [nav('billing'), search('fatture'), run('lead scoring'), help, lang('en'), signOut],
    ]);
  });

  test('speech recognition locales', () => {
    expect(SPEECH_RECOGNITION_LOCALES).toEqual({ en: 'en-US', es: 'es-ES', fr: 'fr-FR', de: 'de-DE', it: 'it-IT' });
    for (const language of SUPPORTED_LANGUAGES) expect(SPEECH_RECOGNITION_LOCALES[language].startsWith(`${language}-`)).toBe(true);
  });
});

describe('the phrase tables', () => {
  test('every template of every language compiles, with the slot its command needs', () => {
    const compiled = compileAllVoiceTemplates();
    for (const language of SUPPORTED_LANGUAGES) {
      const phrases = VOICE_PHRASES[language];
      const count =
        VOICE_DESTINATIONS.reduce((sum, destination) => sum + phrases.navigate[destination].length, 0) +
        phrases.searchWorkflows.length +
        phrases.runWorkflow.length +
        phrases.openHelp.length +
        phrases.changeLanguage.length +
        phrases.signOut.length;
      expect(compiled[language]).toHaveLength(count);
      for (const { template, regex } of compiled[language]) expect({ template, anchored: regex.source.startsWith('^') && regex.source.endsWith('$') }).toEqual({ template, anchored: true });
    }
  });

  test('every language fills the same slots', () => {
    const shape = (language: SupportedLanguage) => [
      Object.keys(VOICE_PHRASES[language]).sort(),
      Object.keys(VOICE_PHRASES[language].navigate).sort(),
      Object.keys(VOICE_PHRASES[language].languageNames).sort(),
    ];
    for (const language of SUPPORTED_LANGUAGES) expect(shape(language)).toEqual(shape('en'));
  });

  test('the public entry point exports the grammar and its data', () => {
    expect(publicApi.parseVoiceCommand).toBe(parseVoiceCommand);
    expect(publicApi.VOICE_EXAMPLES).toBe(VOICE_EXAMPLES);
    expect(publicApi.VOICE_COMMAND_EXAMPLES).toBe(VOICE_COMMAND_EXAMPLES);
    expect(publicApi.SPEECH_RECOGNITION_LOCALES).toBe(SPEECH_RECOGNITION_LOCALES);
    expect(publicApi.VOICE_COMMAND_TYPES).toEqual(['navigate', 'searchWorkflows', 'runWorkflow', 'openHelp', 'changeLanguage', 'signOut']);
  });

  test('a returned command is a fresh object', () => {
    const first = parseVoiceCommand('sign out', 'en');
    const second = parseVoiceCommand('sign out', 'en');
    expect(first).toEqual(second);
    expect(first).not.toBe(second);
  });
});

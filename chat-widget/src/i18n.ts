// The widget's own catalog: every text it shows, in the repo's five
// languages (SUPPORTED_LANGUAGES). It does not load the platform's translator
// or catalogs: it runs on other people's websites and must stay small.
import { pickInitialLanguage, type SupportedLanguage } from '@agentflow/shared/chat-visitor';
import { CHAT_ERROR_CODES } from '@agentflow/shared/chat-visitor';

export interface WidgetText {
  open: string;
  close: string;
  dialogLabel: string;
  placeholder: string;
  send: string;
  typing: string;
  you: string;
  assistant: string;
  sources: string;
  page: string;
  toolRunning: string;
  toolDone: string;
  toolFailed: string;
  /** The knowledge search tool's name as a visitor reads it (other tools show their own name). */
  knowledgeTool: string;
  suggestions: string;
  retry: string;
  newConversation: string;
  loading: string;
  signInTitle: string;
  email: string;
  password: string;
  signIn: string;
  /** The widget (another website) sends the visitor to the hosted page to sign in. */
  signInElsewhere: string;
  signInLink: string;
  errors: {
    paused: string;
    rateLimited: string;
    signInRequired: string;
    originNotAllowed: string;
    notFound: string;
    conversationFull: string;
    answerFailed: string;
    network: string;
    unknown: string;
    signInFailed: string;
    signInBlocked: string;
  };
}

export type ErrorKey = keyof WidgetText['errors'];

const en: WidgetText = {
  open: 'Open chat',
  close: 'Close chat',
  dialogLabel: 'Chat with {name}',
  placeholder: 'Type your question…',
  send: 'Send',
  typing: '{name} is typing…',
  you: 'You',
  assistant: 'Assistant',
  sources: 'Sources',
  page: 'p.',
  toolRunning: 'Looking up: {tool}…',
  toolDone: 'Looked up: {tool}',
  toolFailed: 'Lookup failed: {tool}',
  knowledgeTool: 'the knowledge base',
  suggestions: 'Suggested questions',
  retry: 'Try again',
  newConversation: 'New conversation',
  loading: 'Loading…',
  signInTitle: 'Sign in to chat with this assistant',
  email: 'E-mail',
  password: 'Password',
  signIn: 'Sign in',
  signInElsewhere: 'This assistant is for signed-in users.',
  signInLink: 'Sign in on the chat page',
  errors: {
    paused: 'This assistant is taking a short break. Please try again later.',
    rateLimited: 'You are sending messages too quickly. Please wait a moment and try again.',
    signInRequired: 'Please sign in to chat with this assistant.',
    originNotAllowed: 'This assistant is not available on this website.',
    notFound: 'This chat is no longer available.',
    conversationFull: 'This conversation is full. Start a new one to continue.',
    answerFailed: 'Sorry, the assistant could not answer this message.',
    network: 'Could not reach the assistant. Check your connection and try again.',
    unknown: 'Something went wrong. Please try again.',
    signInFailed: 'The e-mail or password is wrong.',
    signInBlocked: 'Sign-in is blocked for now (too many attempts or a disabled account). Try again later.',
  },
};

const es: WidgetText = {
  open: 'Abrir chat',
  close: 'Cerrar chat',
  dialogLabel: 'Chat con {name}',
  placeholder: 'Escribe tu pregunta…',
  send: 'Enviar',
  typing: '{name} está escribiendo…',
  you: 'Tú',
  assistant: 'Asistente',
  sources: 'Fuentes',
  page: 'pág.',
  toolRunning: 'Consultando: {tool}…',
  toolDone: 'Consultado: {tool}',
  toolFailed: 'Consulta fallida: {tool}',
  knowledgeTool: 'la base de conocimiento',
  suggestions: 'Preguntas sugeridas',
  retry: 'Reintentar',
  newConversation: 'Nueva conversación',
  loading: 'Cargando…',
  signInTitle: 'Inicia sesión para chatear con este asistente',
  email: 'Correo electrónico',
  password: 'Contraseña',
  signIn: 'Iniciar sesión',
  signInElsewhere: 'Este asistente es para usuarios con sesión iniciada.',
  signInLink: 'Inicia sesión en la página del chat',
  errors: {
    paused: 'Este asistente está tomando un breve descanso. Inténtalo de nuevo más tarde.',
    rateLimited: 'Estás enviando mensajes demasiado rápido. Espera un momento e inténtalo de nuevo.',
    signInRequired: 'Inicia sesión para chatear con este asistente.',
    originNotAllowed: 'Este asistente no está disponible en este sitio web.',
    notFound: 'Este chat ya no está disponible.',
    conversationFull: 'Esta conversación está llena. Empieza una nueva para continuar.',
    answerFailed: 'Lo sentimos, el asistente no pudo responder a este mensaje.',
    network: 'No se pudo contactar con el asistente. Comprueba tu conexión e inténtalo de nuevo.',
    unknown: 'Algo salió mal. Inténtalo de nuevo.',
    signInFailed: 'El correo electrónico o la contraseña no son correctos.',
    signInBlocked: 'El inicio de sesión está bloqueado por ahora (demasiados intentos o una cuenta desactivada). Inténtalo más tarde.',
  },
};

const fr: WidgetText = {
  open: 'Ouvrir le chat',
  close: 'Fermer le chat',
  dialogLabel: 'Discuter avec {name}',
  placeholder: 'Posez votre question…',
  send: 'Envoyer',
  typing: '{name} écrit…',
  you: 'Vous',
  assistant: 'Assistant',
  sources: 'Sources',
  page: 'p.',
  toolRunning: 'Recherche : {tool}…',
  toolDone: 'Recherche faite : {tool}',
  toolFailed: 'Recherche échouée : {tool}',
  knowledgeTool: 'la base de connaissances',
  suggestions: 'Questions suggérées',
  retry: 'Réessayer',
  newConversation: 'Nouvelle conversation',
  loading: 'Chargement…',
  signInTitle: 'Connectez-vous pour discuter avec cet assistant',
  email: 'E-mail',
  password: 'Mot de passe',
  signIn: 'Se connecter',
  signInElsewhere: 'Cet assistant est réservé aux utilisateurs connectés.',
  signInLink: 'Se connecter sur la page du chat',
  errors: {
    paused: 'Cet assistant fait une courte pause. Veuillez réessayer plus tard.',
    rateLimited: 'Vous envoyez des messages trop vite. Patientez un instant puis réessayez.',
    signInRequired: 'Connectez-vous pour discuter avec cet assistant.',
    originNotAllowed: "Cet assistant n'est pas disponible sur ce site.",
    notFound: "Ce chat n'est plus disponible.",
    conversationFull: 'Cette conversation est pleine. Commencez-en une nouvelle pour continuer.',
    answerFailed: "Désolé, l'assistant n'a pas pu répondre à ce message.",
    network: "Impossible de joindre l'assistant. Vérifiez votre connexion et réessayez.",
    unknown: "Une erreur s'est produite. Veuillez réessayer.",
    signInFailed: "L'e-mail ou le mot de passe est incorrect.",
    signInBlocked: 'La connexion est bloquée pour le moment (trop de tentatives ou compte désactivé). Réessayez plus tard.',
  },
};

const de: WidgetText = {
  open: 'Chat öffnen',
  close: 'Chat schließen',
  dialogLabel: 'Chat mit {name}',
  placeholder: 'Ihre Frage…',
  send: 'Senden',
  typing: '{name} schreibt…',
  you: 'Sie',
  assistant: 'Assistent',
  sources: 'Quellen',
  page: 'S.',
  toolRunning: 'Sucht: {tool}…',
  toolDone: 'Gesucht: {tool}',
  toolFailed: 'Suche fehlgeschlagen: {tool}',
  knowledgeTool: 'die Wissensdatenbank',
  suggestions: 'Vorgeschlagene Fragen',
  retry: 'Erneut versuchen',
  newConversation: 'Neues Gespräch',
  loading: 'Wird geladen…',
  signInTitle: 'Melden Sie sich an, um mit diesem Assistenten zu chatten',
  email: 'E-Mail',
  password: 'Passwort',
  signIn: 'Anmelden',
  signInElsewhere: 'Dieser Assistent ist für angemeldete Nutzer.',
  signInLink: 'Auf der Chat-Seite anmelden',
  errors: {
    paused: 'Dieser Assistent macht gerade eine kurze Pause. Bitte versuchen Sie es später erneut.',
    rateLimited: 'Sie senden Nachrichten zu schnell. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
    signInRequired: 'Bitte melden Sie sich an, um mit diesem Assistenten zu chatten.',
    originNotAllowed: 'Dieser Assistent ist auf dieser Website nicht verfügbar.',
    notFound: 'Dieser Chat ist nicht mehr verfügbar.',
    conversationFull: 'Dieses Gespräch ist voll. Beginnen Sie ein neues, um fortzufahren.',
    answerFailed: 'Der Assistent konnte diese Nachricht leider nicht beantworten.',
    network: 'Der Assistent ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    unknown: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
    signInFailed: 'E-Mail oder Passwort ist falsch.',
    signInBlocked: 'Die Anmeldung ist vorerst gesperrt (zu viele Versuche oder ein deaktiviertes Konto). Versuchen Sie es später erneut.',
  },
};

const it: WidgetText = {
  open: 'Apri la chat',
  close: 'Chiudi la chat',
  dialogLabel: 'Chat con {name}',
  placeholder: 'Scrivi la tua domanda…',
  send: 'Invia',
  typing: '{name} sta scrivendo…',
  you: 'Tu',
  assistant: 'Assistente',
  sources: 'Fonti',
  page: 'pag.',
  toolRunning: 'Ricerca: {tool}…',
  toolDone: 'Cercato: {tool}',
  toolFailed: 'Ricerca non riuscita: {tool}',
  knowledgeTool: 'la base di conoscenza',
  suggestions: 'Domande suggerite',
  retry: 'Riprova',
  newConversation: 'Nuova conversazione',
  loading: 'Caricamento…',
  signInTitle: 'Accedi per chattare con questo assistente',
  email: 'E-mail',
  password: 'Password',
  signIn: 'Accedi',
  signInElsewhere: 'Questo assistente è per gli utenti che hanno effettuato l’accesso.',
  signInLink: 'Accedi nella pagina della chat',
  errors: {
    paused: "Questo assistente si sta prendendo una breve pausa. Riprova più tardi.",
    rateLimited: 'Stai inviando messaggi troppo velocemente. Attendi un momento e riprova.',
    signInRequired: 'Accedi per chattare con questo assistente.',
    originNotAllowed: 'Questo assistente non è disponibile su questo sito.',
    notFound: 'Questa chat non è più disponibile.',
    conversationFull: 'Questa conversazione è piena. Iniziane una nuova per continuare.',
    answerFailed: "Spiacenti, l'assistente non è riuscito a rispondere a questo messaggio.",
    network: "Impossibile raggiungere l'assistente. Controlla la connessione e riprova.",
    unknown: 'Qualcosa è andato storto. Riprova.',
    signInFailed: "L'e-mail o la password non sono corrette.",
    signInBlocked: "L'accesso è bloccato per ora (troppi tentativi o account disattivato). Riprova più tardi.",
  },
};

export const CATALOGS: Record<SupportedLanguage, WidgetText> = { en, es, fr, de, it };

/** The page's explicit choice (data-lang) when supported, else the browser's languages, else English. */
export function widgetText(explicit: string | null, browserLanguages: readonly string[]): { language: SupportedLanguage; text: WidgetText } {
  const language = pickInitialLanguage(explicit, browserLanguages);
  return { language, text: CATALOGS[language] };
}

/** The agent tool that searches the app's knowledge bases (issue 23): named for visitors, not by its id. */
export const KNOWLEDGE_TOOL = 'search_knowledge';

/** "{name}" placeholders filled. */
export const fill = (template: string, values: Record<string, string>): string => template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

const BY_CODE: Record<string, ErrorKey> = {
  [CHAT_ERROR_CODES.paused]: 'paused',
  [CHAT_ERROR_CODES.rateLimited]: 'rateLimited',
  [CHAT_ERROR_CODES.signInRequired]: 'signInRequired',
  [CHAT_ERROR_CODES.originNotAllowed]: 'originNotAllowed',
  [CHAT_ERROR_CODES.notFound]: 'notFound',
  [CHAT_ERROR_CODES.conversationFull]: 'conversationFull',
  [CHAT_ERROR_CODES.answerFailed]: 'answerFailed',
};

/** The catalog key for a service's refusal code (the service's own text is English only, so it is never shown). */
export const errorKeyOf = (code: string | null | undefined): ErrorKey => (code && BY_CODE[code]) || 'unknown';

// The help sidebar's topics: every page names one with its help button.
export const HELP_TOPICS = ['home', 'workflows', 'billing', 'access', 'install', 'account', 'voice'] as const;
export type HelpTopicKey = (typeof HELP_TOPICS)[number];

export function isHelpTopic(value: unknown): value is HelpTopicKey {
  return typeof value === 'string' && (HELP_TOPICS as readonly string[]).includes(value);
}

/** One topic's text: a heading, a short introduction and practical tips. */
export interface HelpTopicContent {
  title: string;
  intro: string;
  tips: string[];
}

/** All help text of one language. */
export interface HelpCatalog {
  topics: Record<HelpTopicKey, HelpTopicContent>;
  /** Shown in the voice topic when this browser has no SpeechRecognition (why the microphone button is hidden). */
  voiceUnsupported: string;
}

/** The topic that explains the page at this path (what "open help" opens there). */
export function helpTopicForPath(pathname: string): HelpTopicKey {
  if (pathname.startsWith('/workflows')) return 'workflows';
  if (pathname.startsWith('/billing')) return 'billing';
  if (pathname.startsWith('/admin/access')) return 'access';
  if (pathname.startsWith('/pwa')) return 'install';
  if (/^\/(signin|signup|reset-password|profile)(\/|$)/.test(pathname)) return 'account';
  return 'home';
}

// The slice of the Web Speech API the voice commands use. TypeScript's DOM
// library does not describe it everywhere, and Chromium still names it
// webkitSpeechRecognition, so the shape is declared here.
export interface SpeechRecognitionAlternativeLike {
  transcript: string;
  confidence: number;
}

export interface SpeechRecognitionResultEventLike extends Event {
  results: ArrayLike<ArrayLike<SpeechRecognitionAlternativeLike> & { isFinal?: boolean }>;
}

export interface SpeechRecognitionErrorEventLike extends Event {
  error: string;
}

export interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((event: SpeechRecognitionResultEventLike) => void) | null;
  onerror: ((event: SpeechRecognitionErrorEventLike) => void) | null;
  onend: ((event: Event) => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

export type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

/** The browser's SpeechRecognition constructor, or null where there is none. */
export function getSpeechRecognition(win: object | undefined = typeof window === 'undefined' ? undefined : window): SpeechRecognitionConstructor | null {
  if (!win) return null;
  const candidate = (win as { SpeechRecognition?: unknown }).SpeechRecognition ?? (win as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition;
  return typeof candidate === 'function' ? (candidate as SpeechRecognitionConstructor) : null;
}

import { useRef, useState } from 'react';
import {
  ApiError,
  FEATURE_COSTS,
  getSpeechRecognition,
  helpTopicForPath,
  type SpeechRecognitionConstructor,
  type SpeechRecognitionLike,
  useAuth,
  useHelp,
  useI18n,
  useLocation,
  useMembership,
  useNavigate,
  useToast,
} from '@agentflow/shared';
import { effectOf, firstCommand, type VoiceEffect } from './voiceActions';

// Errors that mean "nothing was said" or "the user stopped it": no message.
const QUIET_ERRORS = new Set(['no-speech', 'aborted']);
const PERMISSION_ERRORS = new Set(['not-allowed', 'service-not-allowed']);

const newIdempotencyKey = (): string =>
  typeof globalThis.crypto?.randomUUID === 'function' ? globalThis.crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** The header's microphone: rendered only where the browser has SpeechRecognition. */
export function VoiceCommandButton({ recognition = getSpeechRecognition() }: { recognition?: SpeechRecognitionConstructor | null }) {
  return recognition ? <MicrophoneButton Recognition={recognition} /> : null;
}

function MicrophoneButton({ Recognition }: { Recognition: SpeechRecognitionConstructor }) {
  const { t, language, setLanguage } = useI18n();
  const { toast } = useToast();
  const { openHelp } = useHelp();
  const { user, signOut } = useAuth();
  const { consume } = useMembership();
  const navigate = useNavigate();
  const location = useLocation();
  const [listening, setListening] = useState(false);
  const active = useRef<SpeechRecognitionLike | null>(null);

  const perform = (effect: VoiceEffect) => {
    switch (effect.kind) {
      case 'navigate':
        if (effect.announce) toast({ title: t(effect.announce.key, { name: effect.announce.name }) });
        void navigate(effect.to, effect.state ? { state: effect.state } : undefined);
        return;
      case 'openHelp':
        openHelp(helpTopicForPath(location.pathname));
        return;
      case 'setLanguage':
        void setLanguage(effect.language);
        return;
      case 'signOut':
        void signOut();
        return;
    }
  };

  /**
   * A voice command is metered (feature 'voice_command'). The debit comes
   * first and the command runs only once billing-api has recorded it: the
   * meter never misses a command that ran. 402 (too few tokens) or any other
   * failure shows a toast and the command does not run. A signed-out visitor
   * has no allowance to debit: their commands run unmetered.
   */
  const meterThenPerform = async (effect: VoiceEffect) => {
    if (!user) {
      perform(effect);
      return;
    }
    try {
      await consume('voice_command', FEATURE_COSTS.voice_command, { idempotencyKey: newIdempotencyKey() });
    } catch (error) {
      const insufficient = error instanceof ApiError && error.status === 402;
      toast({
        title: t(insufficient ? 'membership.insufficientTitle' : 'membership.meterFailedTitle'),
        description: t(insufficient ? 'membership.insufficientBody' : 'membership.meterFailedBody'),
        variant: 'destructive',
      });
      return;
    }
    perform(effect);
  };

  const start = async () => {
    // The grammar (five languages of phrases) loads on first use.
    const grammar = await import('@agentflow/shared/voice');
    const recognition = new Recognition();
    recognition.lang = grammar.SPEECH_RECOGNITION_LOCALES[language];
    recognition.continuous = false;
    recognition.interimResults = false;
    recognition.maxAlternatives = 3;
    recognition.onresult = (event) => {
      const result = event.results[event.results.length - 1];
      const transcripts: string[] = [];
      for (let index = 0; result && index < result.length; index++) {
        const alternative = result[index];
        if (alternative?.transcript.trim()) transcripts.push(alternative.transcript.trim());
      }
      const match = firstCommand(transcripts, (transcript) => grammar.parseVoiceCommand(transcript, language));
      if (match) {
        void meterThenPerform(effectOf(match.command));
        return;
      }
      const [first, second] = grammar.VOICE_EXAMPLES[language];
      toast({
        title: t('voice.notRecognisedTitle'),
        description: t('voice.notRecognisedBody', { transcript: transcripts[0] ?? '', first, second }),
      });
    };
    recognition.onerror = (event) => {
      if (QUIET_ERRORS.has(event.error)) return;
      toast({ title: t('voice.failedTitle'), description: t(PERMISSION_ERRORS.has(event.error) ? 'voice.micBlocked' : 'voice.failed'), variant: 'destructive' });
    };
    recognition.onend = () => {
      active.current = null;
      setListening(false);
    };
    active.current = recognition;
    setListening(true);
    try {
      recognition.start();
    } catch {
      // start() throws when a recognition is already running elsewhere.
      active.current = null;
      setListening(false);
      toast({ title: t('voice.failedTitle'), description: t('voice.failed'), variant: 'destructive' });
    }
  };

  const toggle = () => {
    if (active.current) {
      active.current.stop();
      return;
    }
    void start();
  };

  return (
    <>
      <button
        type="button"
        className={listening ? 'voice-button listening' : 'voice-button'}
        data-testid="voice-button"
        aria-pressed={listening}
        aria-label={listening ? t('voice.stop') : t('voice.start')}
        title={listening ? t('voice.stop') : t('voice.start')}
        onClick={toggle}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <rect x="9" y="3" width="6" height="11" rx="3" />
          <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
        </svg>
      </button>
      <span className="visually-hidden" role="status" aria-live="polite">
        {listening ? t('voice.listening') : ''}
      </span>
    </>
  );
}

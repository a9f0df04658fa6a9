// A scripted SpeechRecognition, installed before the page loads: the test
// decides what the "microphone" heard, through the same events a browser fires.
import type { BrowserContext, Page } from 'playwright-core';

declare global {
  interface Window {
    __speech?: { started: number; lang: string; running: boolean };
    __say?: (alternatives: string[]) => void;
  }
}

export async function installScriptedSpeech(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    type Handler = ((event: Event) => void) | null;
    const state = { started: 0, lang: '', running: false };
    let current: ScriptedRecognition | null = null;
    class ScriptedRecognition {
      lang = '';
      continuous = false;
      interimResults = false;
      maxAlternatives = 1;
      onresult: Handler = null;
      onerror: Handler = null;
      onend: Handler = null;
      start() {
        if (state.running) throw new Error('InvalidStateError: recognition has already started');
        state.started += 1;
        state.lang = this.lang;
        state.running = true;
        // eslint-disable-next-line @typescript-eslint/no-this-alias -- records which recognition is listening (not a closure's alias)
        current = this;
      }
      stop() {
        this.finish();
      }
      abort() {
        this.finish();
      }
      finish() {
        if (!state.running) return;
        state.running = false;
        current = null;
        this.onend?.(new Event('end'));
      }
    }
    Object.defineProperty(window, '__speech', { value: state });
    window.__say = (alternatives: string[]) => {
      const recognition = current;
      if (!recognition) throw new Error('Nobody is listening: click the microphone first');
      const result = Object.assign(alternatives.map((transcript) => ({ transcript, confidence: 0.9 })), { isFinal: true });
      recognition.onresult?.(Object.assign(new Event('result'), { results: [result], resultIndex: 0 }));
      recognition.finish();
    };
    Object.defineProperty(window, 'SpeechRecognition', { value: ScriptedRecognition, configurable: true });
    Object.defineProperty(window, 'webkitSpeechRecognition', { value: ScriptedRecognition, configurable: true });
  });
}

/** Removes speech recognition from the browser, as in Firefox. */
export async function removeSpeechRecognition(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    for (const name of ['SpeechRecognition', 'webkitSpeechRecognition']) {
      Object.defineProperty(window, name, { value: undefined, configurable: true });
    }
  });
}

/** Clicks the microphone and says one thing. */
export async function speak(page: Page, ...alternatives: string[]): Promise<void> {
  const before = await page.evaluate(() => window.__speech?.started ?? 0);
  await page.getByTestId('voice-button').click();
  await page.waitForFunction((count) => (window.__speech?.started ?? 0) > count && window.__speech?.running, before);
  await page.evaluate((heard) => window.__say?.(heard), alternatives);
}

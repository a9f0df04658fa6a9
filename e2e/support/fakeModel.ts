// The fake OpenAI-compatible model behind platform-api in the e2e stack: the
// global setup points AI_BASE_URL at TEST_PORTS.ai; a test starts the fake
// there (test code from platform-api/src/testing) and scripts its answers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startFakeOpenAI, type FakeOpenAI } from '../../platform-api/src/testing/fakeOpenAI';

const STATE_FILE = path.resolve(__dirname, '../../.agentflow/e2e-stack.json');

interface StackState {
  ports: { ai?: number };
  env: Record<string, string>;
}

const stackState = () => JSON.parse(readFileSync(STATE_FILE, 'utf8')) as StackState;

/** The API key the fake model wants (platform-api's AI_API_KEY): what a user's credential for it must hold. */
export function stackModelApiKey(): string {
  return stackState().env.AI_API_KEY ?? '';
}

/** Starts the fake model on the port and with the API key platform-api was given. */
export async function startStackModel(): Promise<FakeOpenAI> {
  const state = stackState();
  const baseUrl = state.env.AI_BASE_URL;
  if (!baseUrl) throw new Error('The e2e stack gave platform-api no AI_BASE_URL (see e2e/stack/globalSetup.mjs)');
  const port = state.ports.ai ?? Number(new URL(baseUrl).port);
  return startFakeOpenAI({ port, ...(state.env.AI_API_KEY ? { apiKey: state.env.AI_API_KEY } : {}) });
}

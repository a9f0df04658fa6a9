import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError, type ConsumeResponse, type SpeechRecognitionLike, type SpeechRecognitionResultEventLike, type UserMembership } from '@agentflow/shared';
import { LocationProbe, renderWithProviders, testUser, type ProvidersOptions } from '@agentflow/shared/testing/renderWithProviders';
import { VoiceCommandButton } from './VoiceCommandButton';

/** A SpeechRecognition stand-in: the test says what was heard. */
class FakeRecognition implements SpeechRecognitionLike {
  static last: FakeRecognition | null = null;
  lang = '';
  continuous = true;
  interimResults = true;
  maxAlternatives = 1;
  onresult: SpeechRecognitionLike['onresult'] = null;
  onerror: SpeechRecognitionLike['onerror'] = null;
  onend: SpeechRecognitionLike['onend'] = null;
  constructor() {
    FakeRecognition.last = this;
  }
  start() {}
  stop() {
    this.onend?.(new Event('end'));
  }
  abort() {}
  hear(...transcripts: string[]) {
    const result = Object.assign(
      transcripts.map((transcript) => ({ transcript, confidence: 0.9 })),
      { isFinal: true },
    );
    this.onresult?.({ results: [result] } as unknown as SpeechRecognitionResultEventLike);
    this.onend?.(new Event('end'));
  }
}

const MEMBERSHIP: UserMembership = {
  userId: 'user-1',
  role: 'free',
  tokensRemaining: 10,
  tokensReset: '2024-07-01T00:00:00.000Z',
  stripeCustomerId: null,
  subscriptionId: null,
  createdAt: null,
  updatedAt: null,
};

async function speak(options: ProvidersOptions, ...transcripts: string[]) {
  renderWithProviders(
    <>
      <VoiceCommandButton recognition={FakeRecognition} />
      <LocationProbe />
    </>,
    options,
  );
  fireEvent.click(screen.getByTestId('voice-button'));
  await waitFor(() => expect(FakeRecognition.last).not.toBeNull());
  await act(async () => {
    FakeRecognition.last?.hear(...transcripts);
  });
}

afterEach(() => {
  FakeRecognition.last = null;
});

describe('VoiceCommandButton metering', () => {
  test('a recognised command is debited first (voice_command, its cost, a fresh idempotency key), then runs', async () => {
    const order: string[] = [];
    const consume = jest.fn(async (): Promise<ConsumeResponse> => {
      order.push('consume');
      return { tokensRemaining: 9, applied: true };
    });
    await speak({ user: testUser(), membership: { membership: MEMBERSHIP, consume } }, 'open billing');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/billing'));
    expect(consume).toHaveBeenCalledTimes(1);
    expect(consume).toHaveBeenCalledWith('voice_command', 1, { idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(order).toEqual(['consume']);
  });

  test('402: a translated toast, and the command does not run', async () => {
    const consume = jest.fn(async (): Promise<ConsumeResponse> => {
      throw new ApiError('Insufficient tokens: 1 needed, 0 remaining', 402);
    });
    await speak({ user: testUser(), membership: { membership: { ...MEMBERSHIP, tokensRemaining: 0 }, consume } }, 'open billing');
    expect(await screen.findByText('Not enough tokens')).toBeInTheDocument();
    expect(screen.getByText(/The voice command was not run/)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  test('402 in French', async () => {
    const consume = jest.fn(async (): Promise<ConsumeResponse> => {
      throw new ApiError('Insufficient tokens: 1 needed, 0 remaining', 402);
    });
    await speak({ user: testUser(), language: 'fr', membership: { membership: MEMBERSHIP, consume } }, 'ouvre la facturation');
    expect(await screen.findByText('Pas assez de jetons')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  test('another failure (network, 5xx): a toast, and the command does not run', async () => {
    const consume = jest.fn(async (): Promise<ConsumeResponse> => {
      throw new ApiError('Failed to fetch', 0);
    });
    await speak({ user: testUser(), membership: { membership: MEMBERSHIP, consume } }, 'open workflows');
    expect(await screen.findByText('Voice command not run')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  test('unrecognised speech is not metered', async () => {
    const consume = jest.fn(async (): Promise<ConsumeResponse> => ({ tokensRemaining: 9, applied: true }));
    await speak({ user: testUser(), membership: { membership: MEMBERSHIP, consume } }, 'what a lovely day');
    expect(await screen.findByText(/lovely day/)).toBeInTheDocument();
    expect(consume).not.toHaveBeenCalled();
  });

  test('signed out: the command runs unmetered (there is no allowance to debit)', async () => {
    const consume = jest.fn(async (): Promise<ConsumeResponse> => ({ tokensRemaining: 9, applied: true }));
    await speak({ membership: { consume } }, 'open workflows');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/workflows'));
    expect(consume).not.toHaveBeenCalled();
  });

  test('with the real provider: POST /api/tokens/consume with the ID token, then the count is read again', async () => {
    let remaining = 10;
    const requests: { method: string; path: string; auth: string | null; body: unknown }[] = [];
    const fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input)).pathname;
      const headers = (init.headers ?? {}) as Record<string, string>;
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as { amount: number }) : undefined;
      requests.push({ method: init.method ?? 'GET', path, auth: headers.Authorization ?? null, body });
      if (path === '/api/tokens/consume') remaining -= body?.amount ?? 0;
      const answer =
        path === '/api/membership'
          ? { userMembership: { ...MEMBERSHIP, tokensRemaining: remaining }, activeSubscription: null, packageDetails: null }
          : path === '/api/tokens/summary'
            ? { used: 10 - remaining, total: 10, resetDate: '2024-07-31T00:00:00.000Z' }
            : { tokensRemaining: remaining, applied: true };
      return { ok: true, status: 200, json: async () => answer, text: async () => JSON.stringify(answer) } as Response;
    });
    await speak({ user: testUser(), membershipFetch: fetch as unknown as typeof globalThis.fetch }, 'open billing');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/billing'));
    await waitFor(() => expect(requests.filter((request) => request.path === '/api/membership')).toHaveLength(2));
    const post = requests.find((request) => request.method === 'POST');
    expect(post).toEqual({
      method: 'POST',
      path: '/api/tokens/consume',
      auth: 'Bearer test-id-token-user-1',
      body: { feature: 'voice_command', amount: 1, idempotencyKey: expect.any(String) },
    });
    expect(remaining).toBe(9);
  });
});

// How the executor tells failures apart: worth another attempt or not, a
// timeout, a cancel. No error class of an adapter is named here: the ledger's
// InsufficientTokensError and the store's errors are final because they do
// not say they are transient.
import { RUN_MESSAGES, timeoutMessage } from '@agentflow/shared/workflow';

const TRANSIENT_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

export class StepTimeoutError extends Error {
  readonly transient = true;
  constructor(ms: number) {
    super(timeoutMessage(ms));
    this.name = 'StepTimeoutError';
  }
}

export class CanceledError extends Error {
  constructor() {
    super(RUN_MESSAGES.canceled);
    this.name = 'CanceledError';
  }
}

/** Whether another attempt may succeed: errors that say so (transient: true), network errors, fetch timeouts. */
export function isTransient(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  if ((error as { transient?: unknown }).transient === true) return true;
  const code = (error as { code?: unknown }).code ?? ((error as { cause?: { code?: unknown } }).cause?.code as unknown);
  if (typeof code === 'string' && TRANSIENT_CODES.has(code)) return true;
  return (error as Error).name === 'FetchTimeoutError';
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

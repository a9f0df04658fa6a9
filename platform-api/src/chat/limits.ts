// The two limits of a chat app (issue 23): messages per visitor and per app
// a minute, each a token bucket (the limiter the webhook uses: a burst of the
// minute's allowance, refilled steadily). Kept per process, like the
// webhook's: behind N instances an app gets up to N times its limit.
import { TokenBucketStore } from '@agentflow/shared/server';
import { CHAT_LIMITS, type ChatRateLimits } from '@agentflow/shared/chat';

export type ChatLimitVerdict = { ok: true } | { ok: false; scope: 'visitor' | 'app'; resetTime: Date | undefined };

export class ChatLimiter {
  /** One store per allowance (the buckets' size is the store's). */
  private readonly stores = new Map<number, TokenBucketStore>();

  constructor(private readonly now: () => number = Date.now) {}

  private store(perMinute: number): TokenBucketStore {
    let store = this.stores.get(perMinute);
    if (!store) {
      store = new TokenBucketStore(perMinute, perMinute, this.now);
      this.stores.set(perMinute, store);
    }
    return store;
  }

  /** Takes one message from the visitor's and the app's buckets, or neither. */
  async take(appId: string, visitorKey: string, limits: ChatRateLimits): Promise<ChatLimitVerdict> {
    const visitors = this.store(limits.perVisitorPerMinute);
    const visitor = await visitors.increment(`${appId}:${visitorKey}`);
    if ((visitor.totalHits ?? 0) > limits.perVisitorPerMinute) return { ok: false, scope: 'visitor', resetTime: visitor.resetTime };
    const app = await this.store(limits.perAppPerMinute).increment(`app:${appId}`);
    if ((app.totalHits ?? 0) > limits.perAppPerMinute) {
      // Refused by the app's limit: the visitor's message was not sent either.
      await visitors.decrement(`${appId}:${visitorKey}`);
      return { ok: false, scope: 'app', resetTime: app.resetTime };
    }
    return { ok: true };
  }

  /** Opening a conversation: per address (there is no visitor yet), apart from the messages' allowances, so nobody fills the store. */
  async takeOpen(appId: string, address: string): Promise<ChatLimitVerdict> {
    const opened = await this.store(CHAT_LIMITS.opensPerAddressPerMinute).increment(`open:${appId}:${address}`);
    return (opened.totalHits ?? 0) > CHAT_LIMITS.opensPerAddressPerMinute ? { ok: false, scope: 'visitor', resetTime: opened.resetTime } : { ok: true };
  }
}

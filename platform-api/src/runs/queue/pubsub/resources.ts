// The deployment's Pub/Sub resources: the run topic, the workers'
// subscription (ack deadline, dead-letter policy after maxDeliveries, retry
// backoff for nacks) and the dead-letter topic with a subscription that
// keeps what lands there for an operator. On Google Cloud they are created
// once with gcloud (README, "Deployment"); against the emulator (or with
// PUBSUB_CREATE_RESOURCES=true) each process creates what is missing.
import type { PubSub } from '@google-cloud/pubsub';
import type { PubSubSettings } from '../settings.js';

/** gRPC ALREADY_EXISTS: another process created it first. */
const ALREADY_EXISTS = 6;

const ignoreExisting = (error: unknown) => {
  if ((error as { code?: unknown }).code !== ALREADY_EXISTS) throw error;
};

/** The subscription on the dead-letter topic that keeps dead messages (a topic without one drops them). */
export const deadLetterSubscriptionOf = (settings: Pick<PubSubSettings, 'deadLetterTopic'>) => `${settings.deadLetterTopic}-kept`;

export async function ensurePubSubResources(pubsub: PubSub, settings: PubSubSettings): Promise<void> {
  for (const name of [settings.topic, settings.deadLetterTopic]) {
    const [exists] = await pubsub.topic(name).exists();
    if (!exists) await pubsub.createTopic(name).catch(ignoreExisting);
  }
  const dead = pubsub.topic(settings.deadLetterTopic);
  const [keptExists] = await pubsub.subscription(deadLetterSubscriptionOf(settings)).exists();
  if (!keptExists) await dead.createSubscription(deadLetterSubscriptionOf(settings)).catch(ignoreExisting);
  const [exists] = await pubsub.subscription(settings.subscription).exists();
  if (exists) return;
  await pubsub
    .topic(settings.topic)
    .createSubscription(settings.subscription, {
      ackDeadlineSeconds: settings.ackDeadlineSeconds,
      deadLetterPolicy: { deadLetterTopic: dead.name, maxDeliveryAttempts: settings.maxDeliveries },
      // A nacked message (unreadable, or Firestore unreachable) comes back after 1 s, then up to a minute.
      retryPolicy: { minimumBackoff: { seconds: 1 }, maximumBackoff: { seconds: 60 } },
    })
    .catch(ignoreExisting);
}

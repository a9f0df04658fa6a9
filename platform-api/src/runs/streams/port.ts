// The live events of a run's answer (issue 23, chat): an agent step of a chat
// run publishes its text as it streams, the tools it calls and the passages
// it cites; the chat API relays them to the visitor over SSE. The run may
// execute in another process than the one holding the visitor's connection
// (RUN_QUEUE=pubsub), so the bus is a port:
// - in process (the default queue executes runs where the API runs): an
//   EventEmitter with a replay buffer, no I/O per token;
// - Firestore (Pub/Sub workers): the step appends batches of events as
//   documents runStreams/{runId}/events/{seq} and the API tails them with a
//   query listener. Why Firestore rather than Pub/Sub: every API instance
//   would need its own subscription to fan a topic out to whichever instance
//   holds the connection, and a reconnecting visitor needs the events from
//   the start (Firestore replays them; a topic does not). Batching (a write
//   every FIRESTORE_STREAM_FLUSH_MS at most, each a new document) keeps far
//   below Firestore's write rate per document.
import type { ChatStreamEvent } from '@agentflow/shared/chat';

/** What an agent step streams: the events before the answer is stored ('done' and 'error' are the chat's, not the step's). */
export type RunStreamEvent = Extract<ChatStreamEvent, { type: 'token' | 'tool' | 'citation' }> | { type: 'end' };

export interface RunStreamBus {
  /** Appends an event to the run's stream (never throws: a lost token must not fail the run; the stored answer is what counts). */
  publish(runId: string, event: RunStreamEvent): void;
  /** Every event of the run from the first, then each as it comes, until `end`; returns the unsubscribe. */
  subscribe(runId: string, listener: (event: RunStreamEvent) => void): () => void;
  /** Writes what is buffered (the Firestore bus); resolved at once in process. */
  flush(runId: string): Promise<void>;
  close(): Promise<void>;
}

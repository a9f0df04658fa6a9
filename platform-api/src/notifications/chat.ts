// Slack and Teams notifications through the connectors, with the recipient's
// own connection (a credential of theirs: a Slack bot, a Teams incoming
// webhook): Slack finds the recipient by their verified e-mail in the bot's
// workspace and writes to them directly, with link buttons (Approve /
// Reject); Teams posts to the webhook's channel. Nothing is sent without a
// connection, and a failure is logged and never thrown.
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import type { SafeFetchPolicy } from '../net/safeFetch.js';
import type { ConnectorRuntime } from '../connectors/runtime/runtime.js';
import type { ChatMessage, ChatSender, Recipient } from './dispatcher.js';

/** The credential type each chat app connects with (the connectors' declarations). */
const CREDENTIAL_TYPES = { slack: 'slackBot', teams: 'teamsWebhook' } as const;
/** Slack's section text limit (SLACK_LIMITS.sectionText) less room for nothing surprising. */
const SLACK_TEXT = 2_900;
const TEAMS_TEXT = 11_000;
const SEND_TIMEOUT_MS = 15_000;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function connectorChatSender({ db, runtime, policy, logger }: { db: Firestore; runtime: ConnectorRuntime; policy: SafeFetchPolicy; logger: Logger }): ChatSender {
  /** The user's own credentials of the chat apps' types, newest first by id order (one is enough). */
  const credentialsOf = async (uid: string): Promise<{ slack: string | null; teams: string | null }> => {
    const snapshot = await db.collection('credentials').where('ownerKind', '==', 'user').where('ownerId', '==', uid).get();
    const of = (type: string) => snapshot.docs.find((doc) => doc.get('type') === type)?.id ?? null;
    return { slack: of(CREDENTIAL_TYPES.slack), teams: of(CREDENTIAL_TYPES.teams) };
  };

  const call = (connectorId: 'slack' | 'teams', credentialId: string, uid: string) => ({
    connectorId,
    credentialId,
    ownerId: uid,
    stepName: 'Notification',
    policy,
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });

  return {
    async connected(uid) {
      const found = await credentialsOf(uid);
      return { slack: found.slack !== null, teams: found.teams !== null };
    },

    async send(recipient: Recipient, app, message: ChatMessage) {
      try {
        const credentialId = (await credentialsOf(recipient.uid))[app];
        if (!credentialId) return false;
        if (app === 'teams') {
          await runtime.invoke(call('teams', credentialId, recipient.uid), 'postMessage', { title: cut(message.title, 200), text: cut(message.text, TEAMS_TEXT) });
          return true;
        }
        // Slack: to the recipient themselves, found by their verified address in the bot's workspace.
        if (!recipient.email) return false;
        const user = (await runtime.invoke(call('slack', credentialId, recipient.uid), 'lookupUserByEmail', { email: recipient.email })) as { id: string };
        const text = cut(`*${message.title}*\n${message.text}`, SLACK_TEXT);
        if (message.links.length > 0) {
          const buttons = Object.fromEntries(message.links.map((link) => [link.label, link.url]));
          await runtime.invoke(call('slack', credentialId, recipient.uid), 'postMessageWithButtons', { channel: user.id, text, buttons });
        } else {
          await runtime.invoke(call('slack', credentialId, recipient.uid), 'postMessage', { channel: user.id, text });
        }
        return true;
      } catch (error) {
        // The connectors' errors never quote a secret (a webhook URL, a token).
        logger.warn({ err: error instanceof Error ? { message: error.message, name: error.name } : error, app, uid: recipient.uid }, 'a chat notification could not be sent');
        return false;
      }
    },
  };
}

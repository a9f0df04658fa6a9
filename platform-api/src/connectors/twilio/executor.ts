// Twilio Programmable Messaging: POST /2010-04-01/Accounts/{AccountSid}/Messages.json,
// form-encoded To, From and Body, with HTTP basic auth (the account SID and
// its auth token). WhatsApp goes through the same resource with both
// numbers written "whatsapp:+…". Errors are JSON:
// {"code":21211,"message":"The 'To' number … is not a valid phone number.","more_info":…,"status":400}.
// https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource
import type { OpenedCredential } from '../../credentials/index.js';
import { StepFailure } from '../../runs/steps.js';
import type { ConnectorExecutor, OperationContext, OperationHandler } from '../runtime/types.js';

const WHATSAPP = 'whatsapp:';

function setting(credential: OpenedCredential | null, key: 'accountSid' | 'fromNumber', label: string): string {
  const value = credential?.settings[key]?.trim();
  if (!value) throw new StepFailure(`The Twilio credential has no ${label}: add it on the Credentials page`);
  return value;
}

const bare = (number: string) => (number.startsWith(WHATSAPP) ? number.slice(WHATSAPP.length) : number);

const send =
  (channel: 'sms' | 'whatsapp'): OperationHandler =>
  async ({ http, credential }: OperationContext, values) => {
    const accountSid = setting(credential, 'accountSid', 'account SID');
    const sender = bare(setting(credential, 'fromNumber', 'sender number (fromNumber)'));
    const prefix = channel === 'whatsapp' ? WHATSAPP : '';
    const response = await http.request({
      method: 'POST',
      path: `/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`,
      form: { To: `${prefix}${values.to as string}`, From: `${prefix}${sender}`, Body: values.body as string },
    });
    const message = (response.data ?? {}) as { sid?: unknown; status?: unknown; to?: unknown; from?: unknown };
    return { sid: String(message.sid ?? ''), status: String(message.status ?? ''), to: String(message.to ?? ''), from: String(message.from ?? '') };
  };

/** "Test connection": the account resource (read-only) names the account; one not active says so. */
async function test({ http, credential }: OperationContext): Promise<{ account: string | null }> {
  const accountSid = setting(credential, 'accountSid', 'account SID');
  const response = await http.request({ method: 'GET', path: `/2010-04-01/Accounts/${encodeURIComponent(accountSid)}.json` });
  const account = (response.data ?? {}) as { friendly_name?: unknown; status?: unknown };
  const name = typeof account.friendly_name === 'string' && account.friendly_name ? account.friendly_name : accountSid;
  return { account: typeof account.status === 'string' && account.status !== 'active' ? `${name} (${account.status})` : name };
}

export const twilioExecutor: ConnectorExecutor = {
  id: 'twilio',
  auth: (credential) => ({
    headers: { Authorization: `Basic ${Buffer.from(`${credential.settings.accountSid ?? ''}:${credential.secrets.authToken ?? ''}`).toString('base64')}` },
  }),
  errorMessage: (_status, body) => {
    const error = body as { message?: unknown; code?: unknown } | null;
    if (typeof error?.message !== 'string') return null;
    // The code finds the page that explains it (twilio.com/docs/errors/<code>).
    return typeof error.code === 'number' ? `${error.message} (Twilio error ${error.code})` : error.message;
  },
  operations: { sendSms: send('sms'), sendWhatsApp: send('whatsapp') },
  test,
};

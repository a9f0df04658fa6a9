// A fake Twilio REST API (test code): the Messages resource of API version
// 2010-04-01 on a loopback server. It checks HTTP basic auth (the account
// SID and auth token) and the form fields as Twilio does, answers with
// Twilio's message resource (201) or its error bodies
// ({code, message, more_info, status}), the account resource (a
// connection test reads it), a 429 (code 20429) with Retry-After
// when a test asks, and keeps the messages it accepted.
import type http from 'node:http';
import { startUpstream } from '../../../testing/upstream';

export interface FakeTwilioMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  status: 'queued';
}

export interface FakeTwilio {
  url: string;
  accountSid: string;
  authToken: string;
  /** The numbers of the account: SMS senders, and those also enabled as WhatsApp senders. */
  smsNumber: string;
  whatsappNumber: string;
  messages: FakeTwilioMessage[];
  /** Numbers Twilio calls invalid (21211), besides its magic test number +15005550001. */
  invalidNumbers: Set<string>;
  requests: number;
  /** The account resource's name and status (a test suspends it). */
  account: { friendlyName: string; status: 'active' | 'suspended' | 'closed' };
  /** The next `times` requests get 429 (code 20429) with Retry-After: `seconds`. */
  rateLimit(seconds: number, times?: number): void;
  close(): Promise<void>;
}

const E164 = /^\+[1-9]\d{1,14}$/;
const WHATSAPP = 'whatsapp:';

function twilioError(res: http.ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }));
}

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const accountSid = 'AC0123456789abcdef0123456789abcdef';
  const authToken = 'fake-twilio-auth-token-0123456789';
  const smsNumber = '+15017122661';
  const whatsappNumber = '+14155238886';
  const messages: FakeTwilioMessage[] = [];
  const invalidNumbers = new Set<string>(['+15005550001']);
  let limited = { seconds: 0, times: 0 };
  let requests = 0;
  const account: FakeTwilio['account'] = { friendlyName: 'Acme Field Service', status: 'active' };
  let counter = 0;

  const create = (res: http.ServerResponse, form: URLSearchParams) => {
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? '';
    const body = form.get('Body') ?? '';
    if (to === '') return twilioError(res, 400, 21604, "A 'To' phone number is required.");
    if (from === '') return twilioError(res, 400, 21603, "A 'From' phone number is required.");
    if (body === '') return twilioError(res, 400, 21602, 'Message body is required.');
    if (body.length > 1600) return twilioError(res, 400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
    if (to.startsWith(WHATSAPP) !== from.startsWith(WHATSAPP)) return twilioError(res, 400, 21910, 'Invalid From and To pair. From and To should be of the same channel');
    const whatsapp = to.startsWith(WHATSAPP);
    const [bareTo, bareFrom] = whatsapp ? [to.slice(WHATSAPP.length), from.slice(WHATSAPP.length)] : [to, from];
    if (!E164.test(bareTo) || invalidNumbers.has(bareTo)) return twilioError(res, 400, 21211, `The 'To' number ${bareTo} is not a valid phone number.`);
    if (whatsapp && bareFrom !== whatsappNumber) return twilioError(res, 400, 63007, 'Twilio could not find a Channel with the specified From address');
    if (!whatsapp && bareFrom !== smsNumber && bareFrom !== whatsappNumber)
      return twilioError(res, 400, 21606, `The From phone number ${bareFrom} is not a valid, SMS-capable inbound phone number or short code for your account.`);
    const sid = `SM${String(++counter).padStart(32, '0')}`;
    const message: FakeTwilioMessage = { sid, to, from, body, status: 'queued' };
    messages.push(message);
    const now = new Date().toUTCString().replace('GMT', '+0000');
    res.writeHead(201, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(
      JSON.stringify({
        account_sid: accountSid,
        api_version: '2010-04-01',
        body,
        date_created: now,
        date_sent: null,
        date_updated: now,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from,
        messaging_service_sid: null,
        num_media: '0',
        num_segments: String(Math.ceil(body.length / 153) || 1),
        price: null,
        price_unit: 'USD',
        sid,
        status: 'queued',
        subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json` },
        to,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      }),
    );
  };

  // GET /2010-04-01/Accounts/{AccountSid}.json: the account resource (https://www.twilio.com/docs/iam/api/account#fetch-an-account-resource).
  const fetchAccount = (res: http.ServerResponse) => {
    const created = 'Thu, 30 Jul 2015 20:00:00 +0000';
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(
      JSON.stringify({
        auth_token: authToken,
        date_created: created,
        date_updated: created,
        friendly_name: account.friendlyName,
        owner_account_sid: accountSid,
        sid: accountSid,
        status: account.status,
        subresource_uris: { messages: `/2010-04-01/Accounts/${accountSid}/Messages.json` },
        type: 'Full',
        uri: `/2010-04-01/Accounts/${accountSid}.json`,
      }),
    );
  };

  const upstream = await startUpstream((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests++;
      if (limited.times > 0) {
        limited.times--;
        return twilioError(res, 429, 20429, 'Too Many Requests', { 'Retry-After': String(limited.seconds) });
      }
      const [scheme, encoded] = (req.headers.authorization ?? '').split(' ');
      const [user, password] = Buffer.from(encoded ?? '', 'base64').toString('utf8').split(':');
      if (scheme !== 'Basic' || user !== accountSid || password !== authToken) return twilioError(res, 401, 20003, 'Authenticate', { 'WWW-Authenticate': 'Basic realm="Twilio API"' });
      const path = (req.url ?? '').split('?')[0];
      if (path === `/2010-04-01/Accounts/${accountSid}.json` && req.method === 'GET') return fetchAccount(res);
      if (path !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) return twilioError(res, 404, 20404, `The requested resource ${path} was not found`);
      if (req.method !== 'POST') return twilioError(res, 405, 20004, 'Method not allowed');
      if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return twilioError(res, 400, 21604, "A 'To' phone number is required.");
      create(res, new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    });
  });

  return {
    url: upstream.url,
    accountSid,
    authToken,
    smsNumber,
    whatsappNumber,
    messages,
    invalidNumbers,
    account,
    get requests() {
      return requests;
    },
    rateLimit: (seconds, times = 1) => {
      limited = { seconds, times };
    },
    close: () => upstream.close(),
  };
}

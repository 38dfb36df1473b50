import { toE164 } from './phone-number';
import { PermanentMessagingError, type Messenger, type TextMessage, type VoiceCall } from './port';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** The Twilio number messages and calls come from. */
  fromNumber: string;
  /** `https://api.twilio.com`, or a stand-in's address in tests. */
  apiUrl: string;
  /** How long one request may take before it is given up (and retried later). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * Twilio's refusals of the number itself, which it will give again: invalid 'To' (21211, 21217, 21401), unroutable
 * (21612), not able to receive SMS (21614), unsubscribed by STOP (21610). Anything else (an outage, a rate limit, bad
 * credentials that staff can correct) is worth retrying.
 */
const BAD_NUMBER_CODES = new Set([21211, 21217, 21401, 21610, 21612, 21614]);

/** `<` `>` `&` `"` `'` as XML entities, for text inside TwiML. */
export const escapeXml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** The TwiML of a reminder call: the text read once in Canadian English or French. */
export const sayTwiml = (say: string, language: 'en' | 'fr'): string =>
  `<Response><Say language="${language === 'fr' ? 'fr-CA' : 'en-CA'}">${escapeXml(say)}</Say></Response>`;

/**
 * Text messages and calls through Twilio's REST API (2010-04-01): Messages.json with To, From and Body; Calls.json
 * with To, From and inline Twiml that says the text. Each resolves with the `sid` Twilio gives the message or call.
 */
export function twilioMessenger(settings: TwilioSettings): Messenger {
  const base = `${settings.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function post(resource: 'Messages' | 'Calls', form: Record<string, string>): Promise<{ providerId: string }> {
    let response: Response;
    try {
      response = await fetch(`${base}/${resource}.json`, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      // No answer (refused, reset, timed out): nothing in the message is in this error, only the address.
      throw new Error(`Twilio ${resource}: no answer (${(error as Error).name}: ${(error as Error).message})`, {
        cause: error,
      });
    }
    const answer = (await response.json().catch(() => ({}))) as { sid?: unknown; code?: unknown; message?: unknown };
    if (response.ok && typeof answer.sid === 'string') return { providerId: answer.sid };
    // Twilio's error answers name the problem by code; their message may quote the number, so it is left out.
    const code = typeof answer.code === 'number' ? answer.code : undefined;
    const reason = `Twilio ${resource}: HTTP ${response.status}${code === undefined ? '' : `, error ${code}`}`;
    if (response.status >= 400 && response.status < 500 && code !== undefined && BAD_NUMBER_CODES.has(code))
      throw new PermanentMessagingError(reason);
    throw new Error(response.ok ? `${reason}, no sid in the answer` : reason);
  }

  return {
    sendText: ({ to, body }: TextMessage) =>
      post('Messages', { To: toE164(to), From: settings.fromNumber, Body: body }),
    call: ({ to, say, language }: VoiceCall) =>
      post('Calls', { To: toE164(to), From: settings.fromNumber, Twiml: sayTwiml(say, language) }),
  };
}

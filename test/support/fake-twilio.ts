import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received, with what it found wrong in it (an adapter's test expects none). */
export interface TwilioRequest {
  method: string;
  path: string;
  resource: 'Messages' | 'Calls' | null;
  /** The form fields, decoded. */
  form: Record<string, string>;
  /** The `language` of the TwiML's <Say>, for a call. */
  sayLanguage: string | null;
  /** The text the call says, XML entities decoded. */
  said: string | null;
  problems: string[];
  /** The HTTP status it was answered with (none for a request left hanging). */
  status: number | null;
}

/** What the next request is answered with instead of the normal answer. */
export type ScriptedAnswer = { status: number; code?: number; message?: string } | 'hang';

export interface FakeTwilio {
  /** The address to use as TWILIO_API_URL. */
  url: string;
  requests: TwilioRequest[];
  /** Numbers Twilio refuses as invalid (400, error 21211). */
  invalidNumbers: Set<string>;
  /** Answers for the next requests, in order; afterwards the normal answers come back. */
  script(...answers: ScriptedAnswer[]): void;
  stop(): Promise<void>;
}

const E164 = /^\+[1-9]\d{7,14}$/;
const TWIML = /^<Response><Say language="([^"]*)">([^<]*)<\/Say><\/Response>$/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/**
 * A stand-in for Twilio's REST API (2010-04-01) on a free local port: Messages.json and Calls.json of one account.
 * It checks what Twilio checks (the path and account, HTTP Basic auth with the SID and token, a form body with To in
 * E.164, From, Body or TwiML that says text in en-CA or fr-CA, well-formed XML) and answers as Twilio does: 201 with
 * the created resource and its `sid`, or an error with `code`, `message`, `more_info` and `status`.
 */
export async function startFakeTwilio({
  accountSid,
  authToken,
}: {
  accountSid: string;
  authToken: string;
}): Promise<FakeTwilio> {
  const requests: TwilioRequest[] = [];
  const invalidNumbers = new Set<string>();
  const scripted: ScriptedAnswer[] = [];

  function answer(
    response: ServerResponse,
    request: TwilioRequest,
    status: number,
    body: Record<string, unknown>,
  ): void {
    request.status = status;
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  }

  const error = (status: number, code: number, message: string) => ({
    code,
    message,
    more_info: `https://www.twilio.com/docs/errors/${code}`,
    status,
  });

  async function handle(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const path = incoming.url ?? '';
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/(Messages|Calls)\.json$/.exec(path);
    const request: TwilioRequest = {
      method: incoming.method ?? '',
      path,
      resource: (match?.[2] as TwilioRequest['resource']) ?? null,
      form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
      sayLanguage: null,
      said: null,
      problems: [],
      status: null,
    };
    requests.push(request);
    const { problems, form } = request;

    if (request.method !== 'POST') problems.push(`method ${request.method}, not POST`);
    if (!match) problems.push(`unknown path ${path}`);
    else if (match[1] !== accountSid) problems.push(`account ${match[1]}, not ${accountSid}`);
    if (!/^application\/x-www-form-urlencoded\b/.test(incoming.headers['content-type'] ?? ''))
      problems.push(`content-type ${incoming.headers['content-type']}, not a form`);
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (incoming.headers.authorization !== expected) {
      problems.push('bad Basic auth');
      return answer(response, request, 401, error(401, 20003, 'Authenticate'));
    }
    if (!form.To || !E164.test(form.To)) problems.push(`To ${JSON.stringify(form.To)} is not E.164`);
    if (!form.From) problems.push('no From');
    if (request.resource === 'Messages' && !form.Body) problems.push('no Body');
    if (request.resource === 'Calls') {
      const twiml = TWIML.exec(form.Twiml ?? '');
      if (!twiml) problems.push(`Twiml is not one <Say>: ${JSON.stringify(form.Twiml)}`);
      else {
        request.sayLanguage = twiml[1]!;
        if (!['en-CA', 'fr-CA'].includes(twiml[1]!)) problems.push(`Say language ${twiml[1]}`);
        if (/&(?!(amp|lt|gt|quot|apos);)/.test(twiml[2]!)) problems.push('Twiml text has an unescaped &');
        request.said = twiml[2]!.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name]!);
      }
    }
    if (problems.length > 0) return answer(response, request, 400, error(400, 21100, problems.join('; ')));

    const next = scripted.shift();
    if (next === 'hang') return; // never answered: the adapter's timeout must end it
    if (next)
      return answer(
        response,
        request,
        next.status,
        error(next.status, next.code ?? 20500, next.message ?? 'Scripted failure'),
      );
    if (invalidNumbers.has(form.To!))
      return answer(
        response,
        request,
        400,
        error(400, 21211, `The 'To' number ${form.To} is not a valid phone number.`),
      );

    const now = new Date().toUTCString();
    const common = {
      account_sid: accountSid,
      to: form.To,
      from: form.From,
      status: 'queued',
      date_created: now,
      date_updated: now,
      api_version: '2010-04-01',
    };
    if (request.resource === 'Messages') {
      const sid = `SM${hex(16)}`;
      return answer(response, request, 201, {
        ...common,
        sid,
        body: form.Body,
        direction: 'outbound-api',
        num_segments: String(Math.ceil(form.Body!.length / 153)),
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      });
    }
    const sid = `CA${hex(16)}`;
    return answer(response, request, 201, {
      ...common,
      sid,
      direction: 'outbound-api',
      uri: `/2010-04-01/Accounts/${accountSid}/Calls/${sid}.json`,
    });
  }

  const server = createServer((incoming, response) => {
    handle(incoming, response).catch((failure: unknown) => {
      response.writeHead(500);
      response.end(String(failure));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    invalidNumbers,
    script: (...answers) => scripted.push(...answers),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The bot check of a public form (§5: an invisible proof-of-work widget on the appointment form and on password
 * reset). The browser solves a challenge of our own server in the background; the form sends the solution as
 * `botCheck`, and the server accepts each solution once.
 *
 *   const botCheck = useBotCheck();
 *   <form noValidate onSubmit={submit}> ... {botCheck.element} ... <Button loading={botCheck.waiting} /> </form>
 *   async function submit() {
 *     const payload = await botCheck.whenReady(); // null when BOT_CHECK=off; throws when the check failed
 *     await send({ ...body, ...(payload ? { botCheck: payload } : {}) });
 *     botCheck.reset(); // after every submit, accepted or refused: a solution is good for one request
 *   }
 *
 * - `element`: render it once where a failure message may show; the widget itself is invisible. Inside a <form>,
 *   give the form `noValidate`: the widget's hidden checkbox is `required` while it works.
 * - `ready` / `payload`: the solution is there (payload null when the check is off).
 * - `waiting`: a `whenReady()` is waiting for the solution: show the submit button as busy.
 * - The work starts when the element first shows, and again after `reset()` or when the challenge expires.
 */
import { Button, Callout, Classes } from '@blueprintjs/core';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import type {} from 'altcha/types/react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetBotCheckChallengeQuery } from './botCheckApi';
import { CHALLENGE_URL } from './types';

export interface BotCheck {
  element: ReactNode;
  ready: boolean;
  payload: string | null;
  waiting: boolean;
  whenReady(): Promise<string | null>;
  reset(): void;
}

type Status = 'loading' | 'off' | 'solving' | 'solved' | 'failed';

interface Waiter {
  resolve(payload: string | null): void;
  reject(error: Error): void;
}

export function useBotCheck(): BotCheck {
  const { t } = useTranslation();
  const settings = useGetBotCheckChallengeQuery();
  const enabled = settings.data?.enabled;
  const [widgetLoaded, setWidgetLoaded] = useState(false);
  const [loadAttempt, setLoadAttempt] = useState(0);
  const [solving, setSolving] = useState<{ status: 'solving' | 'solved' | 'failed'; payload: string | null }>({
    status: 'solving',
    payload: null,
  });
  const [waiting, setWaiting] = useState(false);
  const widget = useRef<AltchaWidgetElement | null>(null);
  const waiters = useRef<Waiter[]>([]);

  const status: Status = settings.isError
    ? 'failed'
    : enabled === undefined
      ? 'loading'
      : enabled
        ? solving.status
        : 'off';
  const payload = status === 'solved' ? solving.payload : null;
  const latest = useRef({ status, payload });
  latest.current = { status, payload };

  useEffect(() => {
    if (enabled !== true || widgetLoaded) return;
    let mounted = true;
    import('./altchaWidget').then(
      () => mounted && setWidgetLoaded(true),
      () => mounted && setSolving({ status: 'failed', payload: null }),
    );
    return () => {
      mounted = false;
    };
  }, [enabled, widgetLoaded, loadAttempt]);

  useEffect(() => {
    if (status !== 'off' && status !== 'solved' && status !== 'failed') return;
    const settled = waiters.current;
    if (settled.length === 0) return;
    waiters.current = [];
    setWaiting(false);
    for (const waiter of settled) {
      if (status === 'failed') waiter.reject(new Error('The bot check failed'));
      else waiter.resolve(payload);
    }
  }, [status, payload]);

  const attach = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    const altcha = element as AltchaWidgetElement;
    widget.current = altcha;
    let previous = '';
    const onStateChange = (event: Event) => {
      const { state, payload: solved } = (event as CustomEvent<{ state: string; payload: string | null }>).detail;
      if (state === 'verified' && solved) setSolving({ status: 'solved', payload: solved });
      else if (state === 'error') setSolving({ status: 'failed', payload: null });
      else setSolving({ status: 'solving', payload: null });
      // A solution that lapsed unused is replaced. Only then: a device whose clock is far ahead sees every new
      // challenge "expire" while solving it (the server judges expiry by its own clock, so that solution still counts).
      if (state === 'expired' && previous === 'verified') void altcha.verify();
      previous = state;
    };
    altcha.addEventListener('statechange', onStateChange);
    setSolving({ status: 'solving', payload: null }); // a new widget solves a challenge of its own on load
    return () => {
      altcha.removeEventListener('statechange', onStateChange);
      if (widget.current === altcha) widget.current = null;
    };
  }, []);

  const { refetch } = settings;
  const reset = useCallback(() => {
    setSolving({ status: 'solving', payload: null });
    if (widget.current) {
      void widget.current.verify();
      return;
    }
    // Nothing to solve with yet: the settings or the widget's code did not load.
    setLoadAttempt((attempt) => attempt + 1);
    if (latest.current.status === 'failed') void refetch();
  }, [refetch]);

  const whenReady = useCallback((): Promise<string | null> => {
    const current = latest.current;
    if (current.status === 'off' || current.status === 'solved') return Promise.resolve(current.payload);
    if (current.status === 'failed') reset(); // pressing submit again is the natural way to try again
    setWaiting(true);
    return new Promise((resolve, reject) => waiters.current.push({ resolve, reject }));
  }, [reset]);

  const element =
    status === 'off' ? null : (
      <div className="bot-check">
        {enabled && widgetLoaded && (
          <altcha-widget ref={attach} challenge={CHALLENGE_URL} auto="onload" display="invisible" name="botCheck" />
        )}
        {status === 'failed' ? (
          <Callout intent="danger" role="alert" className="form-callout">
            <p>{t('botCheck.failed')}</p>
            <Button icon="refresh" onClick={reset}>
              {t('botCheck.retry')}
            </Button>
          </Callout>
        ) : (
          waiting && (
            <p className={Classes.TEXT_MUTED} role="status">
              {t('botCheck.working')}
            </p>
          )
        )}
      </div>
    );

  return { element, ready: status === 'off' || status === 'solved', payload, waiting, whenReady, reset };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { SelfServiceRoutes } from '@ztj/contracts';
import { callApi } from '../../../platform/http/callApi';
import type { DragPoint } from '../../../platform/forms/sliderCaptchaState';

/** A challenge is renewed this often while the slider waits (ms): before its 2 minutes end. */
const RENEW_MS = 90_000;

/** What the slider of a form needs from the server (SelfServiceRoutes.sliderChallenge / sliderVerify). */
export interface SliderToken {
  /** The verified token, or null until a drag was accepted. */
  verified: string | null;
  /** `SliderCaptcha.onVerify`: sends the drag with the current challenge; true when accepted. */
  verify: (trace: DragPoint[], width: number) => Promise<boolean>;
  /** Changes after `reset()`: pass to `SliderCaptcha.resetKey`. */
  resetKey: number;
  /** Forgets the (spent) token, resets the slider and fetches a new challenge. */
  reset: () => void;
}

/**
 * The slider captcha's server side for a form: a challenge token fetched at once
 * and renewed every 90 s while no drag was accepted; a drag past the end is verified with that
 * token, which then becomes the verified token the form submits (single use: after a submit,
 * `reset()`). A refused drag fetches a new challenge.
 */
export function useSliderToken(): SliderToken {
  const challenge = useRef<Promise<string> | null>(null);
  const [verified, setVerified] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);

  const renew = useCallback(() => {
    const next = callApi(SelfServiceRoutes.sliderChallenge, { silent: true }).then((c) => c.token);
    next.catch(() => undefined);
    challenge.current = next;
  }, []);

  useEffect(() => {
    if (verified) return undefined;
    renew();
    const timer = setInterval(renew, RENEW_MS);
    return () => clearInterval(timer);
  }, [verified, renew, resetKey]);

  const verify = useCallback(
    async (trace: DragPoint[], width: number): Promise<boolean> => {
      try {
        const token = await (challenge.current ?? Promise.reject(new Error('no challenge')));
        await callApi(SelfServiceRoutes.sliderVerify, { body: { token, width, trace }, silent: true });
        setVerified(token);
        return true;
      } catch {
        renew();
        return false;
      }
    },
    [renew],
  );

  const reset = useCallback(() => {
    setVerified(null);
    setResetKey((k) => k + 1);
  }, []);

  return { verified, verify, resetKey, reset };
}

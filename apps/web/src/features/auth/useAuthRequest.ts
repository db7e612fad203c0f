import { useState } from 'react';
import type { FieldError } from '@ztj/contracts';
import { isApiError } from '../../platform/http/ApiError';
import { notifyHttpError } from '../../platform/http/httpErrors';

/** What {@link useAuthRequest} gives a sign-in or self-service form. */
export interface AuthRequest {
  /** The refusal shown above the form (the server's words, else the form's "failed" text). */
  error: string | null;
  setError: (error: string | null) => void;
  /** True while a request runs (the submit button spins). */
  busy: boolean;
  /** Shows why a request failed: a notification when the server is unreachable or broke, else the alert. */
  refused: (e: unknown) => void;
  /** Runs `work` with `busy` set and the alert cleared; on failure shows it and calls `onFailed`. */
  run: (work: () => Promise<void>, onFailed?: () => void) => Promise<void>;
}

/**
 * The request state of the forms outside the console (phone sign-in, registration, password
 * recovery): they all answer a refusal the same way. `failed` is the alert when the server gave
 * no message; `onFieldErrors` receives the server's per-field errors of a refusal.
 */
export function useAuthRequest(failed: string, onFieldErrors?: (errors: readonly FieldError[]) => void): AuthRequest {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refused = (e: unknown): void => {
    if (isApiError(e) && (e.status === 0 || e.status >= 500)) notifyHttpError(e.status, e.message);
    else {
      if (isApiError(e)) onFieldErrors?.(e.errors);
      setError(isApiError(e) && e.message ? e.message : failed);
    }
  };
  const run = async (work: () => Promise<void>, onFailed?: () => void): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      refused(e);
      onFailed?.();
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, refused, run };
}

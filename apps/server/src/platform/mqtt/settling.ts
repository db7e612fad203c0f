/**
 * What a transport waits on before acknowledging a message: `done` settles and
 * `state` leaves 'pending' once the message's effect is committed ('ok') or given up ('failed').
 */
export interface Settling {
  readonly done: Promise<void>;
  readonly state: 'pending' | 'ok' | 'failed';
}

/** An already committed {@link Settling} (a message whose effect was written directly). */
export const SETTLED: Settling = { done: Promise.resolve(), state: 'ok' };

/** A {@link Settling} that follows `p` (never rejects unhandled). */
export function settlingOf(p: Promise<unknown>): Settling {
  let state: Settling['state'] = 'pending';
  const done = p.then(
    () => {
      state = 'ok';
    },
    (e: Error) => {
      state = 'failed';
      throw e;
    },
  );
  done.catch(() => undefined);
  return {
    done,
    get state() {
      return state;
    },
  };
}

// The one way this package races a promise against a limit: a time limit (the work may take
// longer; the caller stops waiting) and an AbortSignal (the caller was interrupted). Timers and
// listeners are removed as soon as one of them wins.

export interface RaceLimits {
  /** Stop waiting after this long: resolves with `undefined`. */
  ms?: number;
  /** Stop waiting when it aborts: rejects with its reason. */
  signal?: AbortSignal | undefined;
}

/** `work`'s outcome, unless a limit comes first. */
export function settleWithin<T>(work: Promise<T>, limits: RaceLimits): Promise<T | undefined> {
  const { ms, signal } = limits;
  return new Promise<T | undefined>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer =
      ms === undefined ? undefined : setTimeout(() => done(() => resolve(undefined)), ms);
    const onAbort = () => done(() => reject(signal?.reason));
    const done = (settle: () => void) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      settle();
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => done(() => resolve(value)),
      (error: unknown) => done(() => reject(error)),
    );
  });
}

/**
 * A module fetched on first use (its code is not in the first download). Until it arrives every
 * caller shares one request; when its chunk cannot be fetched the console says `failure`, callers
 * get null, and the next call tries again.
 */
export function lazyModule<T>(load: () => Promise<T>, failure: string): () => Promise<T | null> {
  let pending: Promise<T | null> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      console.warn(`conf-widgets: ${failure}`, error);
      pending = undefined;
      return null;
    }));
}

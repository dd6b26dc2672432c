/**
 * Loads the set-up hints' texts (`setup-texts.ts`) on demand; apart from `diagnostics.ts`, which
 * those texts import.
 */
type SetupTexts = typeof import('./setup-texts.js');
let setupTexts: SetupTexts | undefined;
let loadingTexts: Promise<SetupTexts | null> | undefined;
let failed = false;

/**
 * The texts of the set-up hints (`setup-texts.ts`): a chunk of their own, fetched only once an
 * element has something to say, since a well set-up page never shows one. Resolves null when the
 * chunk cannot be loaded (the console says so once; the next call tries again).
 */
export function loadSetupTexts(): Promise<SetupTexts | null> {
  loadingTexts ??= import('./setup-texts.js').then(
    (m) => (setupTexts = m),
    (error: unknown) => {
      if (!failed)
        console.warn(
          'conf-widgets: an element has a set-up problem to report, but the texts that describe it could not be loaded.',
          error,
        );
      failed = true;
      loadingTexts = undefined;
      return null;
    },
  );
  return loadingTexts;
}

/** The set-up texts if they have arrived; else undefined (and {@link loadSetupTexts} fetches them). */
export function loadedSetupTexts(): SetupTexts | undefined {
  return setupTexts;
}

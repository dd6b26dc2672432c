/**
 * Prefill of the form elements from the host page: `data-prefill-*` attributes and the
 * `prefill` property, merged with the session draft. Pure, so node:test covers it.
 */

/** A form's answers by control name. */
export type FormValues = Record<string, string>;

/**
 * Initial values: the saved draft wins over the host page's prefill (the person already typed
 * it), prefill wins over nothing. Only known controls are taken.
 */
export function initialValues(controls: readonly string[], prefill: FormValues, draft: FormValues | null): FormValues {
  const out: FormValues = {};
  for (const c of controls) {
    const value = draft?.[c] || prefill[c];
    if (value) out[c] = value;
  }
  return out;
}

/** `data-prefill-first-name="Ada"` → `{ firstName: 'Ada' }`; `data-prefill-custom.org` works too. */
export function prefillFromDataset(dataset: Record<string, string | undefined>): FormValues {
  const out: FormValues = {};
  for (const [key, value] of Object.entries(dataset)) {
    if (!key.startsWith('prefill') || key.length <= 'prefill'.length || value === undefined) continue;
    const name = key.slice('prefill'.length);
    out[name.charAt(0).toLowerCase() + name.slice(1)] = value;
  }
  return out;
}

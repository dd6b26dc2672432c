/**
 * The organizer's own translations of the registration config's texts, given in the page (the API
 * publishes one label per field): a JSON block in a `<script type="application/json">`, which a
 * Content-Security-Policy never blocks since it is not run, as a child of the element
 * (`slot="labels"`) or anywhere in the document by id (`labels="my-labels"`).
 *
 * ```json
 * { "de": { "organization": "Organisation",
 *           "tshirt_size": { "label": "T-Shirt-Größe", "help": "…", "options": { "m": "M" } },
 *           "ticket:tt-student": "Studierende", "payment:pm-card-on-site": "Karte am Empfang" } }
 * ```
 *
 * A field's key is its config name; tickets and payment methods are `ticket:<id>` and
 * `payment:<id>` (`label`, and for a method `instructions`). The language is the element's
 * (`de-AT` falls back to `de`); anything not given keeps the config's text. Fetched on demand, by
 * a form the page gives such a block to.
 */
import type { Diagnostic } from '../../core/diagnostics.js';
import type { ConfigView } from './registration-form.model.js';

export interface TextOverride {
  label?: string;
  help?: string;
  instructions?: string;
  options?: Record<string, string>;
}

/** Per language, per key. */
export type PageLabels = Record<string, Record<string, TextOverride>>;

const rec = (v: unknown): Record<string, unknown> | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

/** Reads the block's JSON; throws a message for the setup hint when it is not the expected shape. */
export function parsePageLabels(json: string): PageLabels {
  const data = rec(JSON.parse(json) as unknown);
  if (!data)
    throw new Error('the labels block must be a JSON object of languages, e.g. {"de": {"field_name": "Label"}}');
  const out: PageLabels = {};
  for (const [lang, entries] of Object.entries(data)) {
    const byKey = rec(entries);
    if (!byKey) continue;
    const texts: Record<string, TextOverride> = {};
    for (const [key, value] of Object.entries(byKey)) {
      const label = text(value);
      if (label) {
        texts[key] = { label };
        continue;
      }
      const o = rec(value);
      if (!o) continue;
      const options = rec(o.options);
      texts[key] = {
        label: text(o.label),
        help: text(o.help) ?? text(o.helpText) ?? text(o.description),
        instructions: text(o.instructions),
        options: options
          ? Object.fromEntries(Object.entries(options).flatMap(([k, v]) => (text(v) ? [[k, v as string]] : [])))
          : undefined,
      };
    }
    out[lang.toLowerCase()] = texts;
  }
  return out;
}

/** A labels block as last read: its text, what it says, and why it cannot be used, if so. */
export interface LabelsRead {
  source: string;
  labels: PageLabels;
  problem: string | null;
}

/**
 * The organizer's translations for `host` from the page (its `labels` slot, or the block with id
 * `labelsFrom`); `last` is returned as it is when the block's text did not change.
 */
export function readPageLabels(host: HTMLElement, labelsFrom: string | undefined, last: LabelsRead | null): LabelsRead {
  const block = labelsFrom
    ? host.ownerDocument.getElementById(labelsFrom)
    : host.querySelector(':scope > script[slot="labels"]');
  if (labelsFrom && !(block instanceof HTMLScriptElement)) {
    return { source: '', labels: {}, problem: `no <script type="application/json" id="${labelsFrom}"> in the page` };
  }
  const source = block?.textContent ?? '';
  if (!source.trim()) return { source, labels: {}, problem: null };
  if (last?.source === source) return last;
  try {
    return { source, labels: parsePageLabels(source), problem: null };
  } catch (e) {
    return { source, labels: {}, problem: e instanceof Error ? e.message : String(e) };
  }
}

/** What the set-up hint says of a labels block that cannot be used. */
export function labelsDiagnostic(tag: string, problem: string): Diagnostic {
  return {
    code: 'invalid_labels',
    message: `<${tag}> cannot use its translated labels: ${problem}.`,
    fix: 'Give a <script type="application/json" slot="labels"> child (or labels="id" of one) holding {"de": {"field_name": "Label"}}.',
  };
}

/** The texts for `locale`: its own entry, else its language's (`de-AT` → `de`). */
export function labelsFor(labels: PageLabels, locale: string): Record<string, TextOverride> {
  const l = locale.toLowerCase();
  return labels[l] ?? labels[l.split('-')[0]!] ?? {};
}

/** The config's view with the page's texts put in. */
export function applyPageLabels(view: ConfigView, texts: Record<string, TextOverride>): ConfigView {
  if (Object.keys(texts).length === 0) return view;
  return {
    ...view,
    fields: view.fields.map((f) => {
      const t = texts[f.name];
      if (!t) return f;
      return {
        ...f,
        label: t.label ?? f.label,
        helpText: t.help ?? f.helpText,
        options: f.options.map((o) => ({ ...o, label: t.options?.[o.value] ?? o.label })),
      };
    }),
    tickets: view.tickets.map((tk) => {
      const t = texts[`ticket:${tk.value}`];
      return t ? { ...tk, label: t.label ?? tk.label, description: t.help ?? tk.description } : tk;
    }),
    paymentMethods: view.paymentMethods.map((m) => {
      const t = texts[`payment:${m.value}`];
      return t ? { ...m, label: t.label ?? m.label, instructions: t.instructions ?? m.instructions } : m;
    }),
  };
}

/**
 * Pure logic of `<conf-registration-form>`: reading the registration config tolerantly, deciding
 * what to render, building the request body, and mapping the server's field errors back onto
 * form controls. No DOM here, so it is tested with node:test.
 */
import type { BodyOf } from '../../api/schemas.js';
import type { FormValues } from '../../core/prefill.js';

export type FieldKind = 'text' | 'email' | 'select' | 'checkbox' | 'number' | 'date' | 'textarea' | 'tel' | 'url';

/**
 * Names a config may give a field's kind (the spec does not fix the item shape): the usual
 * synonyms of form builders and HTML, lower-cased, with `-`/space read as `_`.
 */
const KIND_NAMES: Readonly<Record<string, FieldKind>> = {
  text: 'text',
  string: 'text',
  short_text: 'text',
  email: 'email',
  e_mail: 'email',
  select: 'select',
  choice: 'select',
  dropdown: 'select',
  radio: 'select',
  single_choice: 'select',
  checkbox: 'checkbox',
  bool: 'checkbox',
  boolean: 'checkbox',
  number: 'number',
  integer: 'number',
  int: 'number',
  date: 'date',
  textarea: 'textarea',
  long_text: 'textarea',
  multiline: 'textarea',
  paragraph: 'textarea',
  tel: 'tel',
  phone: 'tel',
  telephone: 'tel',
  url: 'url',
  link: 'url',
  website: 'url',
};

/**
 * The field's kind from `kind` or `type`. An unknown kind that carries options is a choice (what
 * else could the options be for); otherwise it is free text, which any answer fits.
 */
export function readFieldKind(kind: unknown, type: unknown, hasOptions: boolean): FieldKind {
  for (const raw of [kind, type]) {
    if (typeof raw !== 'string') continue;
    const name = raw
      .trim()
      .toLowerCase()
      .replace(/[-\s]+/g, '_');
    // Own keys only: a kind named "constructor" must not find Object's.
    if (Object.hasOwn(KIND_NAMES, name)) return KIND_NAMES[name]!;
  }
  return hasOptions ? 'select' : 'text';
}

export interface Choice {
  value: string;
  label: string;
}

export interface CustomFieldView {
  name: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  options: Choice[];
  helpText: string;
}

export interface TicketChoice extends Choice {
  description: string;
  /** Minor units; null when the config does not say. */
  amount: number | null;
  currency: string | null;
}

export interface PaymentChoice extends Choice {
  instructions: string;
  /** Whether registering with this method asks for the payment's reference (default: yes). */
  requiresReference: boolean;
  /** Whether registering with this method asks for a proof of payment (default: yes). */
  requiresProof: boolean;
}

export interface ConfigView {
  availability: 'open' | 'closed' | 'try-later';
  fields: CustomFieldView[];
  tickets: TicketChoice[];
  paymentMethods: PaymentChoice[];
}

const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const rec = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/**
 * Reads `/registrations/config` data. Item shapes are not fixed by the spec, so each field is
 * read with fallbacks (`name`/`key`/`id`, `label`/`name`); a missing required part throws a
 * message the element shows instead of rendering a broken form.
 */
export function readConfig(data: unknown): ConfigView {
  const d = rec(data);
  if (typeof d.public_registration_enabled !== 'boolean') {
    throw new Error('The registration configuration is missing "public_registration_enabled".');
  }
  const phase = d.open_phase === null || d.open_phase === undefined ? null : rec(d.open_phase);
  const availability = !d.public_registration_enabled ? 'closed' : phase === null ? 'try-later' : 'open';

  const fields = arr(d.fields).flatMap((raw): CustomFieldView[] => {
    const f = rec(raw);
    const name = str(f.name) || str(f.key) || str(f.id);
    // Only enabled fields are rendered (usage rule 3); a field without a flag counts as enabled.
    if (!name || f.enabled === false) return [];
    const options = arr(f.options).flatMap((o): Choice[] => {
      if (typeof o === 'string') return [{ value: o, label: o }];
      const r = rec(o);
      const value = str(r.value) || str(r.id);
      return value ? [{ value, label: str(r.label) || str(r.name) || value }] : [];
    });
    const kind = readFieldKind(f.kind, f.type, options.length > 0);
    return [
      {
        name,
        label: str(f.label) || str(f.title) || name,
        // A choice without options cannot be answered; fall back to free text.
        kind: kind === 'select' && options.length === 0 ? 'text' : kind,
        required: f.required === true,
        options,
        helpText: str(f.helpText) || str(f.help_text) || str(f.description),
      },
    ];
  });

  const tickets = arr(d.ticket_types).flatMap((raw): TicketChoice[] => {
    const t = rec(raw);
    const value = str(t.id);
    if (!value) return [];
    const price = rec(t.price);
    return [
      {
        value,
        label: str(t.name) || str(t.label) || value,
        description: str(t.description),
        amount: typeof price.amount === 'number' ? price.amount : null,
        currency: str(price.currency) || null,
      },
    ];
  });

  // Only an explicit false drops the reference or the proof: a config that does not say asks for both.
  const asks = (...v: unknown[]) => !v.some((x) => x === false);
  const paymentMethods = arr(d.payment_methods).flatMap((raw): PaymentChoice[] => {
    const p = rec(raw);
    const value = str(p.id);
    return value
      ? [
          {
            value,
            label: str(p.name) || str(p.label) || value,
            instructions: str(p.instructions),
            requiresReference: asks(p.requiresReference, p.requires_reference),
            requiresProof: asks(p.requiresProof, p.requires_proof),
          },
        ]
      : [];
  });

  return { availability, fields, tickets, paymentMethods };
}

/** Whether the chosen ticket costs money, so payment details and proof are needed. */
export function needsPayment(view: ConfigView, ticketId: string): boolean {
  const t = view.tickets.find((x) => x.value === ticketId);
  // Unknown price: ask for payment rather than lose a paid registration's proof.
  return t ? t.amount === null || t.amount > 0 : true;
}

/**
 * What the payment step asks for, by the chosen method; before a choice, only what every method
 * asks for (so a form with one kind of method looks the same before and after choosing).
 */
export function paymentAsks(view: ConfigView, methodId: string): { reference: boolean; proof: boolean } {
  const chosen = view.paymentMethods.find((m) => m.value === methodId);
  const methods = chosen ? [chosen] : view.paymentMethods;
  if (methods.length === 0) return { reference: true, proof: true };
  return { reference: methods.every((m) => m.requiresReference), proof: methods.every((m) => m.requiresProof) };
}

/** Values as a form holds them: control name → string (checkbox: 'true' | ''). */
export type { FormValues } from '../../core/prefill.js';

/** Control name of a custom field; kept apart from the fixed fields' names. */
export const customControlName = (field: string): string => `custom.${field}`;

export const FIXED_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'ticketTypeId',
  'paymentMethodId',
  'paymentReference',
  'paymentProofUrl',
] as const;

export function buildRegistrationBody(
  view: ConfigView,
  values: FormValues,
  proofUrl: string | null,
): BodyOf<'registrationCreate'> {
  const v = (k: string) => (values[k] ?? '').trim();
  const body: BodyOf<'registrationCreate'> = {
    firstName: v('firstName'),
    lastName: v('lastName'),
    email: v('email'),
    ticketTypeId: v('ticketTypeId'),
  };
  if (needsPayment(view, body.ticketTypeId)) {
    if (v('paymentMethodId')) body.paymentMethodId = v('paymentMethodId');
    // Only what the method asks for: a reference typed for another method is not sent.
    const asks = paymentAsks(view, v('paymentMethodId'));
    if (asks.reference && v('paymentReference')) body.paymentReference = v('paymentReference');
    const proof = proofUrl ?? v('paymentProofUrl');
    if (asks.proof && proof) body.paymentProofUrl = proof;
  }
  const custom: Record<string, string> = {};
  for (const f of view.fields) {
    const raw = v(customControlName(f.name));
    if (f.kind === 'checkbox') custom[f.name] = raw ? 'true' : 'false';
    else if (raw) custom[f.name] = raw;
  }
  if (Object.keys(custom).length) body.customFields = custom;
  return body;
}

/**
 * Maps the server's `details.fields` (dot paths of the request body) onto control names.
 * Messages are the server's own; paths that match no control are returned apart so the
 * element can show them at form level rather than drop them.
 */
export function mapFieldErrors(
  fields: Record<string, string>,
  controls: readonly string[],
): { byControl: Record<string, string>; unmatched: string[] } {
  const byControl: Record<string, string> = {};
  const unmatched: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const control = path.startsWith('customFields.') ? customControlName(path.slice('customFields.'.length)) : path;
    if (controls.includes(control)) byControl[control] = message;
    else unmatched.push(message);
  }
  return { byControl, unmatched };
}

/**
 * What goes into the session draft: everything typed, but no uploaded proof — a file cannot be
 * restored after a reload, and its storage URI alone would claim a proof the form no longer shows.
 */
export function draftOf(values: FormValues): FormValues {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => !v.startsWith('storage://')));
}

/** Bots fill hidden fields and submit at once; people take a few seconds. */
export function looksLikeBot(honeypot: string, startedAt: number, now: number, minFillMs = 3000): boolean {
  return honeypot.trim() !== '' || now - startedAt < minFillMs;
}

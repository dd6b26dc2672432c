/**
 * Pure logic of `<conf-exhibit-form>`. The API has no endpoint that tells the exhibition settings
 * (window, registration requirement, fee), so the form starts from what the organizer declares in
 * attributes and then believes the server: each refusal (`exhibition_not_open`,
 * `exhibition_closed`, `registration_required`, `payment_required`) updates what the form asks
 * for. Codes other than these only show the server's message.
 */
import type { ApiError } from '../../api/errors.js';
import type { BodyOf } from '../../api/schemas.js';

export interface Fee {
  amount: number;
  currency: string;
}

export interface ExhibitionRules {
  window: 'open' | 'not-open' | 'closed';
  opensAt: string | null;
  closesAt: string | null;
  registrationRequired: boolean;
  fee: Fee | null;
  /** Payment methods the server named with a fee refusal, if any. */
  paymentMethods: { value: string; label: string }[];
}

export const DEFAULT_RULES: ExhibitionRules = {
  window: 'open',
  opensAt: null,
  closesAt: null,
  registrationRequired: false,
  fee: null,
  paymentMethods: [],
};

const rec = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** `"450 EUR"` or `"450.00 EUR"` → minor units; null when absent or unreadable. */
export function parseFeeAttribute(value: string | null | undefined): Fee | null {
  const m = value?.trim().match(/^(\d+(?:[.,]\d{1,2})?)\s*([A-Za-z]{3})$/);
  if (!m) return null;
  return { amount: Math.round(Number(m[1]!.replace(',', '.')) * 100), currency: m[2]!.toUpperCase() };
}

/** The window as the organizer declared it, judged at `now`. */
export function windowAt(rules: ExhibitionRules, now: number): ExhibitionRules['window'] {
  if (rules.opensAt && now < Date.parse(rules.opensAt)) return 'not-open';
  if (rules.closesAt && now >= Date.parse(rules.closesAt)) return 'closed';
  return 'open';
}

/**
 * The window now. A learned "not open yet" ends at its `opensAt` (the server said when), so the
 * form opens again by itself; a learned "closed" stays, since the server decides about reopening.
 */
export function currentWindow(rules: ExhibitionRules, now: number): ExhibitionRules['window'] {
  const opened = rules.window === 'not-open' && rules.opensAt !== null && now >= Date.parse(rules.opensAt);
  return rules.window !== 'open' && !opened ? rules.window : windowAt(rules, now);
}

/** Milliseconds until the window changes by the clock (opens or closes); null when it never does. */
export function msUntilWindowChange(rules: ExhibitionRules, now: number): number | null {
  const next = [rules.opensAt, rules.closesAt]
    .map((iso) => (iso ? Date.parse(iso) - now : NaN))
    .filter((ms) => ms > 0)
    .sort((a, b) => a - b)[0];
  return next ?? null;
}

export interface ExhibitTypeChoice {
  value: string;
  /** The organizer's label; null means the form's own (translated) label, or the value. */
  label: string | null;
}

/**
 * `types="sponsor, startup, food_truck:Food truck"` → the choices, in order, without blanks or
 * repeats. The spec leaves the allowed values open, so the organizer's list wins over ours.
 */
export function parseTypesAttribute(value: string | null | undefined): ExhibitTypeChoice[] {
  const out: ExhibitTypeChoice[] = [];
  for (const item of (value ?? '').split(',')) {
    const at = item.indexOf(':');
    const v = (at < 0 ? item : item.slice(0, at)).trim();
    const label = at < 0 ? '' : item.slice(at + 1).trim();
    if (v && !out.some((t) => t.value === v)) out.push({ value: v, label: label || null });
  }
  return out;
}

/** What a refusal teaches the form. Returns the same object when the error says nothing new. */
export function learnFromError(rules: ExhibitionRules, error: ApiError): ExhibitionRules {
  const details = rec(error.details);
  switch (error.code) {
    case 'exhibition_not_open':
      return {
        ...rules,
        window: 'not-open',
        opensAt: typeof details.opensAt === 'string' ? details.opensAt : rules.opensAt,
      };
    case 'exhibition_closed':
      return {
        ...rules,
        window: 'closed',
        closesAt: typeof details.closesAt === 'string' ? details.closesAt : rules.closesAt,
      };
    case 'registration_required':
      return { ...rules, registrationRequired: true };
    case 'payment_required': {
      const fee = rec(details.fee);
      const methods = Array.isArray(details.paymentMethods) ? details.paymentMethods : [];
      return {
        ...rules,
        fee:
          typeof fee.amount === 'number' && typeof fee.currency === 'string'
            ? { amount: fee.amount, currency: fee.currency }
            : (rules.fee ?? { amount: 0, currency: '' }),
        paymentMethods: methods.length
          ? methods.flatMap((m) => {
              const r = rec(m);
              return typeof r.id === 'string'
                ? [{ value: r.id, label: typeof r.name === 'string' ? r.name : r.id }]
                : [];
            })
          : rules.paymentMethods,
      };
    }
    default:
      return rules;
  }
}

export type ExhibitValues = Record<string, string>;

/** Team rows are kept as an array; blank rows are dropped, duplicates kept (two people, one name). */
export function buildExhibitionBody(
  rules: ExhibitionRules,
  values: ExhibitValues,
  team: readonly string[],
  proofUrl: string | null,
): BodyOf<'exhibitionSubmission'> {
  const v = (k: string) => (values[k] ?? '').trim();
  const body: BodyOf<'exhibitionSubmission'> = {
    title: v('title'),
    exhibitType: v('exhibitType') as BodyOf<'exhibitionSubmission'>['exhibitType'],
    shortDescription: v('shortDescription'),
    presenter: { fullName: v('presenter.fullName'), email: v('presenter.email') },
  };
  if (v('driveUrl')) body.driveUrl = v('driveUrl');
  const people = team.map((p) => p.trim()).filter(Boolean);
  if (people.length) body.teamPeople = people;
  if (v('registrationId')) body.registrationId = v('registrationId');
  if (rules.fee) {
    body.payment = { paymentMethodId: v('payment.paymentMethodId'), paymentReference: v('payment.paymentReference') };
    if (proofUrl) body.payment.proofUrl = proofUrl;
  }
  return body;
}

/** The typed answers kept in sessionStorage, so an accidental reload loses nothing. */
export interface ExhibitDraft {
  values: ExhibitValues;
  team: string[];
}

const TEAM_CONTROL = /^teamPeople\.\d+$/;

/**
 * What goes into the session draft: the typed values and the team rows, but no proof — a file
 * cannot be restored after a reload, and a storage URI alone would claim a proof the form no
 * longer shows. Team rows are kept as the list, so their numbered controls are left out.
 */
export function exhibitDraftOf(values: ExhibitValues, team: readonly string[]): ExhibitDraft {
  return {
    values: Object.fromEntries(
      Object.entries(values).filter(([k, v]) => v !== '' && !TEAM_CONTROL.test(k) && !v.startsWith('storage://')),
    ),
    team: [...team],
  };
}

/** Whether a draft holds anything worth keeping (an emptied form leaves no draft behind). */
export function isEmptyDraft(draft: ExhibitDraft): boolean {
  return Object.keys(draft.values).length === 0 && draft.team.every((p) => p === '');
}

/**
 * A stored draft read back: strings only, at most `maxTeam` rows, the team's controls rebuilt
 * from the list. Null for anything else (another version's format, a foreign value).
 */
export function readExhibitDraft(raw: unknown, maxTeam: number): ExhibitDraft | null {
  const r = rec(raw);
  if (typeof r.values !== 'object' || r.values === null || !Array.isArray(r.team)) return null;
  const values: ExhibitValues = {};
  for (const [k, v] of Object.entries(rec(r.values))) {
    if (typeof v === 'string' && !TEAM_CONTROL.test(k) && !v.startsWith('storage://')) values[k] = v;
  }
  const team = r.team.filter((p): p is string => typeof p === 'string').slice(0, maxTeam);
  team.forEach((p, i) => (values[`teamPeople.${i}`] = p));
  return { values, team };
}

/** Formats minor units for people, in their language. */
export function formatFee(fee: Fee, locale: string): string {
  if (!fee.currency) return '';
  return new Intl.NumberFormat(locale, { style: 'currency', currency: fee.currency }).format(fee.amount / 100);
}

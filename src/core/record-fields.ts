/**
 * Tolerant reading of a served record's fields (API-v1.md shows few response fields, so the
 * lists read what they need and skip a record without an id): pure, no DOM.
 */

/** The record's fields, or null for anything that is not an object. */
export function recordFields(raw: unknown): Record<string, unknown> | null {
  return raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : null;
}

/** The record's id as text (a number too); empty when it has none. */
export function recordId(r: Record<string, unknown>): string {
  return typeof r.id === 'string' || typeof r.id === 'number' ? String(r.id) : '';
}

/** A text field, trimmed; empty for anything else. */
export const trimmedText = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

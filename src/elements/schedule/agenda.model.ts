/**
 * "My agenda": the starred event ids, kept in localStorage and carried between devices in a link.
 *
 * Ids follow the API's id alphabet (letters, digits, `_`, `-`); anything else in stored or shared
 * data is dropped, so a tampered link can neither inject markup nor balloon memory.
 */

const ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
/** Upper bound on imported ids: more than any real conference, small enough to stay cheap. */
export const MAX_AGENDA_IDS = 5000;
const AGENDA_PARAM = 'agenda=';

export type AgendaStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * One key per endpoint and conference, so two schedules embedded on one site (or the sandbox and
 * production behind different proxies) never share stars.
 */
export function agendaStorageKey(endpoint: string, conference = ''): string {
  return `conf-widgets:agenda:${endpoint}${conference ? `:${conference}` : ''}`;
}

export function cleanIds(ids: Iterable<unknown>): string[] {
  const out = new Set<string>();
  for (const id of ids) {
    if (typeof id === 'string' && ID_PATTERN.test(id)) out.add(id);
    if (out.size >= MAX_AGENDA_IDS) break;
  }
  return [...out];
}

/** Reads the stars; storage that throws (private mode, blocked cookies) reads as empty. */
export function loadAgenda(storage: AgendaStorage | null | undefined, key: string): Set<string> {
  return readAgenda(storage, key) ?? new Set();
}

/** The stored stars, or null when storage cannot be read at all. */
function readAgenda(storage: AgendaStorage | null | undefined, key: string): Set<string> | null {
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return new Set(Array.isArray(parsed) ? cleanIds(parsed) : []);
  } catch {
    return new Set();
  }
}

export interface AgendaChange {
  add?: Iterable<string>;
  remove?: Iterable<string>;
}

/**
 * Applies one change to the stars as stored now, not to a copy read earlier: another schedule on
 * the page, or another tab, may have starred something since, and a whole-set write would undo
 * it. `own` (the caller's copy) stands in where storage cannot be read. `added` counts the ids
 * that were not starred before.
 */
export function changeAgenda(
  storage: AgendaStorage | null | undefined,
  key: string,
  own: ReadonlySet<string>,
  change: AgendaChange,
): { ids: Set<string>; saved: boolean; added: number } {
  const ids = readAgenda(storage, key) ?? new Set(own);
  let added = 0;
  for (const id of cleanIds(change.add ?? [])) {
    if (!ids.has(id)) added++;
    ids.add(id);
  }
  for (const id of change.remove ?? []) ids.delete(id);
  return { ids, saved: saveAgenda(storage, key, ids), added };
}

/** Writes the stars; returns false when storage refused, so the element can say so. */
export function saveAgenda(storage: AgendaStorage | null | undefined, key: string, ids: ReadonlySet<string>): boolean {
  try {
    if (!storage) return false;
    if (ids.size === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify([...ids].sort()));
    return true;
  } catch {
    return false;
  }
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/**
 * Encodes ids compactly: sorted, and where they share a prefix (`evt_0001`, `evt_0002`, …) the
 * prefix is written once, as `prefix|rest,rest,…`. `|` never occurs in an id.
 */
export function encodeAgenda(ids: Iterable<string>): string {
  const list = cleanIds(ids).sort();
  let prefix = list[0] ?? '';
  for (const id of list) {
    let n = 0;
    while (n < prefix.length && n < id.length && prefix[n] === id[n]) n++;
    prefix = prefix.slice(0, n);
  }
  // Keep at least one character per id, so an id equal to the prefix never encodes as empty.
  const minLength = Math.min(...list.map((id) => id.length));
  if (prefix.length >= minLength) prefix = prefix.slice(0, minLength - 1);
  const body = `${prefix}|${list.map((id) => id.slice(prefix.length)).join(',')}`;
  return toBase64Url(new TextEncoder().encode(body));
}

export function decodeAgenda(token: string): string[] | null {
  const bytes = fromBase64Url(token.trim());
  if (!bytes) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  const bar = text.indexOf('|');
  if (bar === -1) return null;
  const prefix = text.slice(0, bar);
  const rest = text.slice(bar + 1);
  if (!rest) return [];
  return cleanIds(rest.split(',').map((part) => prefix + part));
}

/** The fragment that carries an agenda: `#agenda=<token>`. */
export function agendaHash(ids: Iterable<string>): string {
  return `#${AGENDA_PARAM}${encodeAgenda(ids)}`;
}

/** A full shareable URL: the page's address with the agenda fragment. */
export function agendaShareUrl(pageUrl: string, ids: Iterable<string>): string {
  const url = new URL(pageUrl);
  url.hash = agendaHash(ids).slice(1);
  return url.href;
}

function fragment(hashOrUrl: string): string {
  const at = hashOrUrl.indexOf('#');
  return at === -1 ? hashOrUrl : hashOrUrl.slice(at + 1);
}

/** Reads an agenda from a hash or a full URL; null when there is none or it is unreadable. */
export function parseAgendaHash(hashOrUrl: string): string[] | null {
  const frag = fragment(hashOrUrl.trim());
  if (!frag.startsWith(AGENDA_PARAM)) return null;
  return decodeAgenda(frag.slice(AGENDA_PARAM.length));
}

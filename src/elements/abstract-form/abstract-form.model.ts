/**
 * Pure logic of `<conf-abstract-form>`: the body it sends, the attachments it accepts (the
 * contract's file parts of the abstract submission), the author rows and the draft. No DOM.
 */
import { ABSTRACT_ATTACHMENTS } from '../../api/contract.js';

export const ATTACHMENTS = ABSTRACT_ATTACHMENTS;
/** The API takes at most this many authors (gap decision in the sandbox). */
export const MAX_AUTHORS = 30;

/** What identifies a chosen file in the body (the bytes travel beside it, see `toFormData`). */
export interface AttachmentRef {
  name: string;
  size: number;
  lastModified: number;
}

export interface AbstractBody {
  registrationId: string;
  title: string;
  authors: { fullName: string }[];
  attachments: AttachmentRef[];
}

export type AttachmentProblem = 'type' | 'size' | 'empty' | 'count';

/** Why a file cannot be attached next to `already` others; null when it can. */
export function attachmentProblem(
  file: { name: string; type: string; size: number },
  already: number,
): AttachmentProblem | null {
  if (already >= ATTACHMENTS.maxFiles) return 'count';
  // Browsers give some PDFs no type; the name then decides, and the proxy checks the bytes anyway.
  const pdf =
    (ATTACHMENTS.contentTypes as readonly string[]).includes(file.type) ||
    (file.type === '' && /\.pdf$/i.test(file.name));
  if (!pdf) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > ATTACHMENTS.maxBytesEach) return 'size';
  return null;
}

export function refOf(file: File): AttachmentRef {
  return { name: file.name, size: file.size, lastModified: file.lastModified };
}

/** The body of the answers as they stand; authors without a name are left out. */
export function buildAbstractBody(
  registrationId: string,
  title: string,
  authors: readonly string[],
  files: readonly File[],
): AbstractBody {
  return {
    registrationId: registrationId.trim(),
    title: title.trim(),
    authors: authors
      .map((a) => a.trim())
      .filter(Boolean)
      .map((fullName) => ({ fullName })),
    attachments: files.map(refOf),
  };
}

/**
 * Name of each file part: the contract's field in PHP's array form (`attachments[]`). PHP keeps
 * only the last of several files sent under one plain name, so the WordPress plugin needs the
 * array form to see them all; the Node proxy takes either and sends the API plain `attachments`.
 */
export const ATTACHMENT_PART = `${ATTACHMENTS.field}[]`;

/**
 * The multipart body (gap decision, see the sandbox README): text fields, `authors` as JSON, one
 * {@link ATTACHMENT_PART} part per file. The body's refs say which files, in which order.
 */
export function toFormData(body: AbstractBody, files: readonly File[]): FormData {
  const form = new FormData();
  form.set('registrationId', body.registrationId);
  form.set('title', body.title);
  form.set('authors', JSON.stringify(body.authors));
  for (const ref of body.attachments) {
    const file = files.find((f) => f.name === ref.name && f.size === ref.size && f.lastModified === ref.lastModified);
    if (!file) throw new Error(`The file ${ref.name} is no longer chosen.`);
    form.append(ATTACHMENT_PART, file, file.name);
  }
  return form;
}

/** `list` with the item at `from` moved to `to` (both clamped); a new array. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  const target = Math.max(0, Math.min(out.length - 1, to));
  if (from < 0 || from >= out.length || target === from) return out;
  const [item] = out.splice(from, 1);
  out.splice(target, 0, item!);
  return out;
}

export interface AbstractDraft {
  title: string;
  registrationId: string;
  authors: string[];
}

/** A stored draft, read tolerantly; null when there is none worth restoring. */
export function readAbstractDraft(value: unknown): AbstractDraft | null {
  const d = (value ?? null) as Partial<Record<keyof AbstractDraft, unknown>> | null;
  if (!d || typeof d !== 'object') return null;
  const authors = Array.isArray(d.authors)
    ? d.authors.filter((a): a is string => typeof a === 'string').slice(0, MAX_AUTHORS)
    : [];
  const draft = {
    title: typeof d.title === 'string' ? d.title : '',
    registrationId: typeof d.registrationId === 'string' ? d.registrationId : '',
    authors: authors.length ? authors : [''],
  };
  return draft.title || draft.registrationId || draft.authors.some(Boolean) ? draft : null;
}

/** Server paths to control names: `attachments.N` is the one file control. */
export function controlOfPath(path: string): string {
  return /^attachments(\.|$)/.test(path) ? 'attachments' : path;
}

export function formatSize(bytes: number, locale: string): string {
  const mb = bytes / 1024 / 1024;
  const n = new Intl.NumberFormat(locale, { maximumFractionDigits: mb < 10 ? 1 : 0 });
  return mb >= 0.1 ? `${n.format(mb)} MB` : `${n.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

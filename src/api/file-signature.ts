/**
 * What an upload's first bytes say it is. The proxy (before it forwards a PUT) and the sandbox
 * (before it stores one) both check that a file declared PDF, PNG, JPEG or WebP starts with that
 * format's magic number, so an HTML page, an SVG or an executable cannot be stored under an
 * image or document type and later served as one. One table, pure code, no host imports: the
 * proxy runs on edge runtimes too.
 *
 * Only the leading bytes are read ({@link SIGNATURE_HEAD_BYTES}), so a streamed upload is checked
 * without holding the file.
 */
import type { UploadContentType } from './contract.js';

/** How many leading bytes a check looks at (fewer when the file is shorter). */
export const SIGNATURE_HEAD_BYTES = 64;

interface Signature {
  /** Byte values at `offset`; null matches any byte. */
  bytes: readonly (number | null)[];
  offset?: number;
}

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** The magic numbers of the accepted upload types. */
export const UPLOAD_SIGNATURES: Record<UploadContentType, readonly Signature[]> = {
  'application/pdf': [{ bytes: ascii('%PDF-') }],
  'image/png': [{ bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }],
  'image/jpeg': [{ bytes: [0xff, 0xd8, 0xff] }],
  // RIFF, a 4-byte length, then WEBP.
  'image/webp': [{ bytes: [...ascii('RIFF'), null, null, null, null, ...ascii('WEBP')] }],
};

/** Formats worth naming when a file is not what it claims to be (never accepted). */
const REFUSED_SIGNATURES: readonly { type: string; label: string; signature: Signature }[] = [
  { type: 'application/x-elf', label: 'an ELF executable', signature: { bytes: [0x7f, ...ascii('ELF')] } },
  { type: 'application/x-msdownload', label: 'a Windows executable', signature: { bytes: ascii('MZ') } },
  { type: 'application/x-mach-binary', label: 'a Mach-O executable', signature: { bytes: [0xcf, 0xfa, 0xed, 0xfe] } },
  { type: 'application/x-mach-binary', label: 'a Mach-O executable', signature: { bytes: [0xfe, 0xed, 0xfa, 0xcf] } },
  { type: 'text/x-shellscript', label: 'a script', signature: { bytes: ascii('#!') } },
  { type: 'application/zip', label: 'a ZIP archive', signature: { bytes: [0x50, 0x4b, 0x03, 0x04] } },
  { type: 'image/gif', label: 'a GIF image', signature: { bytes: ascii('GIF8') } },
];

const LABELS: Record<UploadContentType, string> = {
  'application/pdf': 'a PDF document',
  'image/png': 'a PNG image',
  'image/jpeg': 'a JPEG image',
  'image/webp': 'a WebP image',
};

function matches(head: Uint8Array, { bytes, offset = 0 }: Signature): boolean {
  if (head.length < offset + bytes.length) return false;
  return bytes.every((b, i) => b === null || head[offset + i] === b);
}

/** Markup sniffed the way browsers would: after a BOM and white space, case-insensitive. */
function sniffMarkup(head: Uint8Array): { type: string; label: string } | null {
  let text = '';
  for (const byte of head) text += String.fromCharCode(byte);
  text = text
    .replace(/^\xef\xbb\xbf/, '')
    .trimStart()
    .toLowerCase();
  if (text.startsWith('<svg') || (text.startsWith('<?xml') && text.includes('<svg')))
    return { type: 'image/svg+xml', label: 'SVG' };
  if (text.startsWith('<?xml')) return { type: 'application/xml', label: 'XML' };
  if (/^<(!doctype html|html|head|body|script|iframe|meta|!--|a |div|p>|h1|title|style|object|embed)/.test(text)) {
    return { type: 'text/html', label: 'HTML' };
  }
  return null;
}

/** The format the leading bytes show, or null when none known. */
export function detectFileType(head: Uint8Array): { type: string; label: string } | null {
  for (const [type, signatures] of Object.entries(UPLOAD_SIGNATURES) as [UploadContentType, readonly Signature[]][]) {
    if (signatures.some((s) => matches(head, s))) return { type, label: LABELS[type] };
  }
  for (const { type, label, signature } of REFUSED_SIGNATURES) {
    if (matches(head, signature)) return { type, label };
  }
  return sniffMarkup(head);
}

export type SignatureCheck = { ok: true } | { ok: false; declared: string; detected: string; message: string };

/**
 * Whether `head` (the file's first bytes, up to {@link SIGNATURE_HEAD_BYTES}) starts as the
 * declared upload type requires. The message names the declared and the detected type.
 * An empty `head` is not checked here: callers refuse empty files with their own error first.
 */
export function checkFileSignature(declared: string, head: Uint8Array): SignatureCheck {
  const signatures = Object.hasOwn(UPLOAD_SIGNATURES, declared)
    ? UPLOAD_SIGNATURES[declared as UploadContentType]
    : null;
  if (signatures?.some((s) => matches(head, s))) return { ok: true };
  const found = detectFileType(head);
  const detected = found?.type ?? 'unknown';
  const what = found ? `${found.label} (${found.type})` : 'not a format this upload accepts';
  return {
    ok: false,
    declared,
    detected,
    message:
      `The file was sent as ${declared} but its content is ${what}; nothing was stored.` +
      (signatures ? ` Upload ${LABELS[declared as UploadContentType]}.` : ''),
  };
}

/** The extension a stored file of each type takes; the first is written, the others kept. */
const EXTENSIONS: Record<UploadContentType, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/webp': ['webp'],
};

/**
 * The name a file is stored (or forwarded) under: the visitor's name with the extension of the
 * type its bytes were verified as. A PDF/HTML polyglot sent as `x.html` is kept as `x.pdf`, so
 * no later download or static file server takes it for the page its name says it is. An
 * extension of the type is kept as written (`photo.JPEG`); any other last extension is replaced.
 */
export function storedFileName(name: string, type: UploadContentType): string {
  const extensions = EXTENSIONS[type];
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1) : '';
  if (extensions.includes(ext.toLowerCase())) return name;
  const stem = dot > 0 && /^[A-Za-z0-9]{1,10}$/.test(ext) ? name.slice(0, dot) : name;
  return `${stem || 'file'}.${extensions[0]}`;
}

export const EMPTY_UPLOAD_MESSAGE = 'The file is empty (0 bytes); nothing was stored. Choose the file again.';

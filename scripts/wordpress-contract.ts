#!/usr/bin/env -S npx tsx
/**
 * Writes the WordPress plugin's copy of the API contract
 * (integrations/wordpress/conf-widgets/contract.json) from `src/api/contract.ts`, so the plugin's
 * allow-list, methods, body caps, file parts, upload kinds and write limits are the Node proxy's,
 * never a hand-kept PHP copy. `npm run build` runs it before zipping the plugin, and
 * test/node/wordpress-contract.test.ts fails while the committed file differs from what this writes.
 * Run: npx tsx scripts/wordpress-contract.ts
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { DEFAULT_WRITE_CEILING, DEFAULT_WRITE_LIMITS } from '../proxy/middleware/rate-limit.js';
import {
  API_PREFIX,
  ENDPOINTS,
  ENDPOINT_IDS,
  UPLOAD_CONTENT_TYPES,
  UPLOAD_KINDS,
  UPLOAD_MAX_BYTES,
  type EndpointSpec,
} from '../src/api/contract.js';
import { SIGNATURE_HEAD_BYTES, UPLOAD_SIGNATURES, storedFileName } from '../src/api/file-signature.js';

export const WORDPRESS_CONTRACT_FILE = 'integrations/wordpress/conf-widgets/contract.json';

/** The Node proxy's default JSON body cap (proxy/options.ts `maxBodyBytes`). */
const JSON_MAX_BYTES = 256 * 1024;
/** Room for a form's text fields beside its files (proxy/middleware/form-body.ts). */
const FORM_OVERHEAD_BYTES = 256 * 1024;

/** Which write kind each endpoint counts against (proxy/middleware/rate-limit.ts). */
const WRITE_KIND: Record<string, string> = {
  registrationCreate: 'registrations',
  workshopRegister: 'enrollments',
  abstractSubmit: 'abstracts',
  exhibitionSubmit: 'exhibits',
};

/**
 * The file name extensions a type keeps (the first is the one a name without them is given), as
 * `storedFileName` decides: a form's files are forwarded under the name the Node proxy gives them.
 */
function extensionsOf(type: string): string[] {
  const canonical = storedFileName('file', type as (typeof UPLOAD_CONTENT_TYPES)[number]).slice('file.'.length);
  const candidates = [canonical, type.split('/')[1] ?? ''].filter((x, i, all) => x && all.indexOf(x) === i);
  return candidates.filter(
    (ext) => storedFileName(`file.${ext}`, type as (typeof UPLOAD_CONTENT_TYPES)[number]) === `file.${ext}`,
  );
}

/** A path template as a PCRE pattern; parameters match what `matchPath` accepts. */
function patternOf(path: string): string {
  const parts = path
    .split('/')
    .map((part) =>
      part.startsWith(':')
        ? `(?P<${part.slice(1)}>[A-Za-z0-9_-]{1,128})`
        : part.replace(/[.\\+*?[^\]$(){}=!<>|:#-]/g, '\\$&'),
    );
  return `#^${parts.join('/')}$#`;
}

export function wordpressContract() {
  const endpoints = ENDPOINT_IDS.flatMap((id) => {
    const spec: EndpointSpec = ENDPOINTS[id];
    // Server-only endpoints (health, upload addresses) are never forwarded for a browser.
    if (spec.audience === 'server') return [];
    const files = spec.files ?? null;
    return [
      {
        id,
        method: spec.method,
        path: spec.path,
        pattern: patternOf(spec.path),
        audience: spec.audience,
        query: [...spec.query],
        deprecated: spec.deprecated === true,
        maxBodyBytes:
          spec.method === 'GET'
            ? 0
            : files
              ? files.maxFiles * files.maxBytesEach + FORM_OVERHEAD_BYTES
              : JSON_MAX_BYTES,
        files: files && {
          field: files.field,
          maxFiles: files.maxFiles,
          maxBytesEach: files.maxBytesEach,
          contentTypes: [...files.contentTypes],
        },
        writeKind: WRITE_KIND[id] ?? null,
      },
    ];
  });
  return {
    generatedFrom: 'src/api/contract.ts',
    prefix: API_PREFIX,
    health: ENDPOINTS.health.path,
    endpoints,
    uploads: {
      kinds: Object.fromEntries(
        Object.entries(UPLOAD_KINDS).map(([kind, id]) => [kind, { endpoint: ENDPOINTS[id].path }]),
      ),
      contentTypes: [...UPLOAD_CONTENT_TYPES],
      maxBytes: UPLOAD_MAX_BYTES,
      // The magic numbers a file of each type starts with (null: any byte), read from its first bytes.
      headBytes: SIGNATURE_HEAD_BYTES,
      signatures: Object.fromEntries(
        Object.entries(UPLOAD_SIGNATURES).map(([type, list]) => [
          type,
          list.map((sig) => ({ offset: sig.offset ?? 0, bytes: [...sig.bytes] })),
        ]),
      ),
      // The extensions a forwarded file keeps; any other is replaced by the first (storedFileName).
      extensions: Object.fromEntries(UPLOAD_CONTENT_TYPES.map((type) => [type, extensionsOf(type)])),
    },
    writeLimits: {
      ceiling: { max: DEFAULT_WRITE_CEILING.max, windowSeconds: DEFAULT_WRITE_CEILING.windowMs / 1000 },
      kinds: Object.fromEntries(
        Object.entries(DEFAULT_WRITE_LIMITS).map(([kind, l]) => [
          kind,
          { max: l.max, windowSeconds: l.windowMs / 1000 },
        ]),
      ),
    },
  };
}

export function wordpressContractText(): string {
  return JSON.stringify(wordpressContract(), null, 2) + '\n';
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(WORDPRESS_CONTRACT_FILE, wordpressContractText());
  console.log(`wrote ${WORDPRESS_CONTRACT_FILE}`);
}

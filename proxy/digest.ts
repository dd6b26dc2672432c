/**
 * SHA-256 and a constant-time comparison on every host. Node's `createHash` when the runtime
 * offers it without an import (`process.getBuiltinModule`, so bundles for edge runtimes name no
 * `node:` module): synchronous, and about six times cheaper than a WebCrypto digest of a 29 KB
 * page, whose round trip through a worker job dominated an ETag. WebCrypto everywhere else, so no
 * Node compatibility is needed.
 */
type CreateHash = typeof import('node:crypto').createHash;

const nodeCreateHash = (
  (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.(
    'node:crypto',
  ) as { createHash?: CreateHash } | undefined
)?.createHash;

const encoder = new TextEncoder();

export async function sha256(data: Uint8Array | string): Promise<Uint8Array> {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  return nodeCreateHash ? nodeCreateHash('sha256').update(bytes).digest() : webSha256(bytes);
}

export interface IncrementalSha256 {
  /** Takes the bytes during the call (a view that changes afterwards is fine). */
  update(bytes: Uint8Array): void;
  digest(): Promise<Uint8Array>;
}

/**
 * SHA-256 of bytes that arrive in pieces: Node's hash takes them as they come; elsewhere
 * (WebCrypto has no incremental digest) they are kept until `digest`, a file at a time.
 */
export function incrementalSha256(): IncrementalSha256 {
  if (nodeCreateHash) {
    const hash = nodeCreateHash('sha256');
    return { update: (bytes) => void hash.update(bytes), digest: async () => new Uint8Array(hash.digest()) };
  }
  const parts: Uint8Array[] = [];
  let size = 0;
  return {
    update(bytes) {
      parts.push(bytes.slice());
      size += bytes.length;
    },
    async digest() {
      const joined = new Uint8Array(size);
      let at = 0;
      for (const part of parts.splice(0)) joined.set(part, (at += part.length) - part.length);
      return webSha256(joined);
    },
  };
}

/** The WebCrypto digest, what hosts without Node's `createHash` use. */
export async function webSha256(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
}

/** Equal contents, in time that depends only on the length (compare digests to hide that too). */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

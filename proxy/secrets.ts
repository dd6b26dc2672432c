/**
 * Keeps secrets out of everything the proxy emits. Answers are built from allow-listed headers,
 * but an upstream may still echo the key in a body or a header value (an error message quoting
 * the request, a `Link` carrying it as a query parameter, a debug echo of a Basic credential), so
 * every upstream body, upstream header value, error and log line passes through `scrub`.
 *
 * It finds the forms a secret takes when something encodes it whole: raw, URL-encoded (either
 * hex case), JSON-escaped (also with `\/`, as PHP writes it), base64 (both alphabets, at any
 * offset in a longer encoded text) and hex (either case). Upstream bodies are also read through
 * the encodings a browser or a script would undo (`containsDecoded`): JSON escapes (`\u0064`),
 * HTML character references (numeric, and the named ones of ASCII punctuation) and URL encoding,
 * once or twice, in any order and mixed. A secret cut into pieces or encoded otherwise (ROT13,
 * encrypted, hex with separators) is not found; scrubbing is the last line, not the first: the
 * first is that the key is sent only upstream.
 */
export const REDACTED = '[redacted]';

export interface Scrubber {
  scrub(text: string): string;
  contains(text: string): boolean;
  /** Whether a form of a secret appears once the text's escapes and encodings are undone. */
  containsDecoded(text: string): boolean;
  /**
   * A header value: itself when clean, the raw forms replaced when only those are in it, and
   * null (drop the header) when a secret shows only once decoded.
   */
  scrubHeader(value: string): string | null;
  /**
   * An upstream body, as UTF-8 bytes and the text they decode to: the text and bytes to send on.
   * When no form is in the text, even decoded (the usual case), the bytes are the ones given, so
   * nothing is encoded again. A secret that shows only once decoded is cleaned out of each JSON
   * string (key or value) holding it and the JSON written anew; null when that is not possible
   * (not JSON, or a secret spread over several strings): such a body must not be passed on.
   */
  scrubBody(bytes: Uint8Array, text?: string): { bytes: Uint8Array; text: string } | null;
}

/**
 * The base64 text (standard and URL-safe) that encodes `secret` wherever it sits in a longer
 * encoded text: for each of the three byte offsets, the run of 4-character groups made only of
 * the secret's bytes. Neighbouring groups mix in other bytes and are left as they are.
 */
export function base64Runs(secret: string): string[] {
  const bytes = new TextEncoder().encode(secret);
  const runs: string[] = [];
  for (let shift = 0; shift < 3; shift++) {
    const shifted = new Uint8Array(shift + bytes.length);
    shifted.set(bytes, shift);
    const b64 = btoa(String.fromCharCode(...shifted));
    const run = b64.slice(Math.ceil(shift / 3) * 4, Math.floor(shifted.length / 3) * 4);
    // Shorter runs could turn up by chance in unrelated base64.
    if (run.length >= 8) runs.push(run, run.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return runs;
}

function formsOf(secret: string): string[] {
  const url = encodeURIComponent(secret);
  const json = JSON.stringify(secret).slice(1, -1);
  const hex = Array.from(new TextEncoder().encode(secret), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return [
    secret,
    url,
    url.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
    json,
    json.replace(/\//g, '\\/'),
    ...base64Runs(secret),
    hex,
    hex.toUpperCase(),
  ];
}

/** Named character references a browser decodes to ASCII punctuation (letters and digits have none). */
const NAMED_REFERENCES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  sol: '/',
  bsol: '\\',
  plus: '+',
  equals: '=',
  lowbar: '_',
  hyphen: '-',
  dash: '-',
  period: '.',
  colon: ':',
  semi: ';',
  comma: ',',
  num: '#',
  percnt: '%',
  excl: '!',
  quest: '?',
  commat: '@',
  dollar: '$',
  lpar: '(',
  rpar: ')',
  ast: '*',
  midast: '*',
  lsqb: '[',
  rsqb: ']',
  lbrack: '[',
  rbrack: ']',
  lcub: '{',
  rcub: '}',
  lbrace: '{',
  rbrace: '}',
  verbar: '|',
  vert: '|',
  Hat: '^',
  grave: '`',
  tilde: '~',
  nbsp: '\u00a0',
};

function codePoint(n: number): string | null {
  return n >= 0 && n <= 0x10ffff ? String.fromCodePoint(n) : null;
}

type Decoding = (text: string) => string;

/**
 * The decodings that can turn other text into a secret's characters, each a superset of what a
 * parser would undo (they may decode what a parser would not, which can only find more). An escape
 * can matter only where it yields a character some secret has: `\uXXXX`, numeric references and
 * `%XX` yield any, `\"` `\\` `\/` and named references only their one, so those are undone only
 * for the secrets' own characters, and named references also for `% & # \` which start another
 * escape (a page full of `\"` costs nothing extra when no secret holds a quote).
 */
function decodingsFor(secrets: readonly string[]): { decodings: Decoding[]; trigger: (text: string) => boolean } {
  const chars = new Set([...secrets.join('')]);
  const simple = ['"', '\\', '/'].filter((c) => chars.has(c));
  const simpleEscape = simple.length ? new RegExp(`\\\\([${simple.map((c) => '\\' + c).join('')}])`, 'g') : null;
  // Named references also for the characters that start another escape (`&percnt;64` is `%64`).
  const wanted = new Set([...chars, '%', '&', '#', '\\']);
  const names = Object.keys(NAMED_REFERENCES).filter((name) => wanted.has(NAMED_REFERENCES[name]!));
  const named = names.length ? new RegExp(`&(${names.join('|')});`, 'g') : null;

  const unescapeJson: Decoding = (text) => {
    if (!text.includes('\\')) return text;
    let out = text.includes('\\u')
      ? text.replace(/\\u([0-9a-fA-F]{4})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      : text;
    if (simpleEscape) out = out.replace(simpleEscape, '$1');
    return out;
  };
  /** HTML character references undone as a browser would (numeric ones need no `;`). */
  const decodeReferences: Decoding = (text) => {
    if (!text.includes('&')) return text;
    let out = text.includes('&#')
      ? text.replace(
          /&#(?:(\d{1,8})|[xX]([0-9a-fA-F]{1,7}));?/g,
          (m, dec?: string, hex?: string) => codePoint(dec !== undefined ? Number(dec) : parseInt(hex!, 16)) ?? m,
        )
      : text;
    if (named) out = out.replace(named, (_m, name: string) => NAMED_REFERENCES[name]!);
    return out;
  };
  /**
   * URL encoding undone once. Escapes of ASCII bytes are decoded one by one and runs of others as
   * UTF-8 where they are valid, so a stray `%FF` cannot shield the escapes beside it.
   */
  const decodePercent: Decoding = (text) => {
    if (!text.includes('%')) return text;
    return text.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) =>
      run
        .replace(/%[0-7][0-9a-fA-F]/g, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)))
        .replace(/(?:%[89a-fA-F][0-9a-fA-F])+/g, (high) => {
          try {
            return decodeURIComponent(high);
          } catch {
            return high;
          }
        }),
    );
  };
  // Whether any escape one of the decodings would undo is there: a text without one decodes to
  // itself. Plain substring searches (a regular expression with alternatives tries each at every
  // offset, about three times slower over a 29 KB page); the usual page, with `\n` escapes and
  // `&`s but none that could make a key, is answered in a few microseconds.
  const simpleNeedles = simple.map((c) => '\\' + c);
  const percent = /%[0-9a-fA-F]{2}/;
  // Named references: each `&` looked at where it stands. A schedule's titles hold many plain
  // `&`s ("Frontend & Web"), and a regular expression of alternatives over the whole text cost
  // more than the key scan itself.
  const namedNeedles = names.map((name) => `${name};`);
  const hasNamed = (text: string) => {
    for (let at = text.indexOf('&'); at !== -1; at = text.indexOf('&', at + 1)) {
      for (const needle of namedNeedles) if (text.startsWith(needle, at + 1)) return true;
    }
    return false;
  };
  const trigger = (text: string) =>
    text.includes('\\u') ||
    text.includes('&#') ||
    (text.includes('%') && percent.test(text)) ||
    simpleNeedles.some((needle) => text.includes(needle)) ||
    (namedNeedles.length > 0 && hasNamed(text));
  return { decodings: [unescapeJson, decodeReferences, decodePercent], trigger };
}

/** Rounds of every decoding: enough for double URL encoding under escapes under references. */
const DECODING_ROUNDS = 3;
/** Every intermediate text the decodings produce (the text itself excluded), in order. */
function decodedStages(
  { decodings, trigger }: { decodings: readonly Decoding[]; trigger: (text: string) => boolean },
  text: string,
): string[] {
  const stages: string[] = [];
  let current = text;
  for (let round = 0; round < DECODING_ROUNDS && trigger(current); round++) {
    const before = current;
    for (const decode of decodings) {
      const next = decode(current);
      if (next !== current) stages.push((current = next));
    }
    if (current === before) break;
  }
  return stages;
}

const escapeRegExp = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

const decoder = new TextDecoder();
const encoder = new TextEncoder();

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function createScrubber(secrets: readonly string[]): Scrubber {
  // Longest first, so a form is replaced before a shorter one inside it could split it.
  const forms = [...new Set(secrets.filter((s) => s.length > 0).flatMap(formsOf))].sort((a, b) => b.length - a.length);
  // Every form in one pass: about half the time of one `includes` per form over a 29 KB page.
  // The replacing stays one form at a time (rare, and the order above matters there).
  const anyForm = forms.length ? new RegExp(forms.map(escapeRegExp).join('|')) : null;
  const contains = (text: string) => anyForm !== null && anyForm.test(text);
  const scrub = (text: string) => {
    if (!contains(text)) return text;
    let out = text;
    for (const form of forms) if (out.includes(form)) out = out.split(form).join(REDACTED);
    return out;
  };
  const decodings = decodingsFor(secrets.filter((s) => s.length > 0));
  const containsDecoded = (text: string) => anyForm !== null && decodedStages(decodings, text).some(contains);

  /** One JSON string cleaned: raw forms replaced, and one holding a decoded form decoded and scrubbed. */
  const cleanString = (value: string): string => {
    let out = scrub(value);
    if (containsDecoded(out)) {
      const stages = decodedStages(decodings, out);
      out = scrub(stages[stages.length - 1]!);
      if (contains(out) || containsDecoded(out)) out = REDACTED;
    }
    return out;
  };
  const cleanJson = (value: Json): Json => {
    if (typeof value === 'string') return cleanString(value);
    if (Array.isArray(value)) return value.map(cleanJson);
    if (value !== null && typeof value === 'object') {
      // No prototype, so a `__proto__` key stays a key.
      const out = Object.create(null) as { [key: string]: Json };
      for (const [key, item] of Object.entries(value)) out[cleanString(key)] = cleanJson(item);
      return out;
    }
    return value;
  };

  return {
    scrub,
    contains,
    containsDecoded,
    scrubHeader(value) {
      if (anyForm === null) return value;
      const out = scrub(value);
      return containsDecoded(out) ? null : out;
    },
    scrubBody(bytes, text = decoder.decode(bytes)) {
      // The text is searched; bytes passed on unchanged decode to exactly that text.
      let out = scrub(text);
      if (containsDecoded(out)) {
        let parsed: Json;
        try {
          parsed = JSON.parse(out) as Json;
        } catch {
          return null;
        }
        out = JSON.stringify(cleanJson(parsed));
        if (contains(out) || containsDecoded(out)) return null;
      }
      return out === text ? { bytes, text } : { bytes: encoder.encode(out), text: out };
    },
  };
}

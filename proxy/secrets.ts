/**
 * Keeps secrets out of everything the proxy emits. Answers are built from allow-listed headers,
 * but an upstream may still echo the key in a body (an error message quoting the request, say),
 * so every upstream body, error and log line passes through `scrub`.
 */

export const REDACTED = '[redacted]';

export interface Scrubber {
  scrub(text: string): string;
  contains(text: string): boolean;
}

export function createScrubber(secrets: readonly string[]): Scrubber {
  // The raw value and the forms it takes inside URLs and JSON strings.
  const forms = [
    ...new Set(
      secrets
        .filter((s) => s.length > 0)
        .flatMap((s) => [s, encodeURIComponent(s), JSON.stringify(s).slice(1, -1)]),
    ),
  ].sort((a, b) => b.length - a.length);
  return {
    scrub(text) {
      let out = text;
      for (const form of forms) if (out.includes(form)) out = out.split(form).join(REDACTED);
      return out;
    },
    contains(text) {
      return forms.some((form) => text.includes(form));
    },
  };
}

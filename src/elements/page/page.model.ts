/**
 * How a page's plain-text body becomes paragraphs: blank lines separate paragraphs, a single line
 * break stays a line break (addresses, lists typed line by line). The text is only ever rendered
 * as text, so markup-like characters in it are shown as typed.
 */

/** Paragraphs, each a list of lines; blank and whitespace-only lines only separate. */
export function paragraphs(body: string): string[][] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) =>
      p
        .split('\n')
        .map((line) => line.replace(/[ \t]+$/, '').replace(/^[ \t]+/, ''))
        .filter((line) => line !== ''),
    )
    .filter((lines) => lines.length > 0);
}

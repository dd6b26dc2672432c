#!/usr/bin/env node
// Updates the WordPress plugin's list of elements and attributes
// (integrations/wordpress/conf-widgets/elements.json) from the custom-elements manifest that
// `npm run build` writes, keeping the labels already given; a new element gets its tag as label
// until one is written. test/node/wordpress-plugin.test.ts fails while the two differ.
// Which attributes a post may set, and which hold an address, follow scripts/wordpress-attributes.mjs.
// Run: npm run build && node scripts/wordpress-elements.mjs [path/to/custom-elements.json]
import { readFileSync, writeFileSync } from 'node:fs';
import { classifyAttributes } from './wordpress-attributes.mjs';

const FILE = 'integrations/wordpress/conf-widgets/elements.json';
// The manifest's path may be given (a manifest made elsewhere with `cem analyze --outdir`).
const manifest = JSON.parse(readFileSync(process.argv[2] ?? 'dist/custom-elements.json', 'utf8'));
const loaderTags = [
  ...readFileSync('src/loader.ts', 'utf8').matchAll(/^\s*'(conf-[a-z-]+)':\s*\(\)\s*=>\s*import\(/gm),
].map((m) => m[1]);
const current = JSON.parse(readFileSync(FILE, 'utf8')).elements;

const documented = new Map();
for (const mod of manifest.modules) {
  for (const d of mod.declarations ?? []) {
    if (d.tagName)
      documented.set(
        d.tagName,
        (d.attributes ?? []).map((a) => a.name.replace('data-prefill-<field>', 'data-prefill-*')),
      );
  }
}
const lines = loaderTags.map((tag) => {
  const attributes = documented.get(tag);
  if (!attributes) throw new Error(`${tag} is in src/loader.ts but not in the manifest; run npm run build first`);
  const label = current[tag]?.label ?? tag;
  const { attributes: allowed, url, withheld } = classifyAttributes(tag, attributes);
  const list = (names) => JSON.stringify(names).replace(/,/g, ', ');
  return [
    `    ${JSON.stringify(tag)}: {`,
    `      "label": ${JSON.stringify(label)},`,
    `      "form": ${tag.endsWith('-form')},`,
    `      "attributes": ${list(allowed)},`,
    `      "url": ${list(url)},`,
    `      "withheld": ${list(withheld)}`,
    `    }`,
  ].join('\n');
});
writeFileSync(FILE, `{\n  "elements": {\n${lines.join(',\n')}\n  }\n}\n`);
console.log(`${FILE}: ${loaderTags.length} elements`);

/**
 * The WordPress plugin's list of elements and attributes (integrations/wordpress/conf-widgets/
 * elements.json, read by its allowed-HTML filter, shortcodes and block) against the elements'
 * own sources: every tag the loader knows, and every attribute the custom-elements manifest
 * documents. A new element or attribute that the plugin misses would be stripped from an
 * Author's posts.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { classifyAttributes, URL_ATTRIBUTES, WITHHELD_ATTRIBUTES } from '../../scripts/wordpress-attributes.mjs';

const PLUGIN_ELEMENTS = 'integrations/wordpress/conf-widgets/elements.json';
const MANIFEST = 'dist/custom-elements.json';

interface PluginElement {
  label: string;
  form: boolean;
  /** What a post may set. */
  attributes: string[];
  /** Those of them that hold an address (scheme-checked). */
  url: string[];
  /** Documented, but no post may set them (the site's setting decides). */
  withheld: string[];
}
const plugin = (JSON.parse(readFileSync(PLUGIN_ELEMENTS, 'utf8')) as { elements: Record<string, PluginElement> })
  .elements;

describe('the WordPress plugin knows every element', () => {
  test('the same tags as src/loader.ts', () => {
    const loader = readFileSync('src/loader.ts', 'utf8');
    const tags = [...loader.matchAll(/^\s*'(conf-[a-z-]+)':\s*\(\)\s*=>\s*import\(/gm)].map((m) => m[1]!);
    assert.ok(tags.length >= 10, `tags found in loader.ts: ${tags.join(', ')}`);
    assert.deepEqual(
      Object.keys(plugin).sort(),
      [...tags].sort(),
      `${PLUGIN_ELEMENTS} must list exactly the loader's tags: npm run build && node scripts/wordpress-elements.mjs`,
    );
  });

  test("forms are the *-form elements (their box keeps the form's own width)", () => {
    for (const [tag, element] of Object.entries(plugin)) assert.equal(element.form, tag.endsWith('-form'), tag);
  });

  const skip = existsSync(MANIFEST) ? false : `${MANIFEST} not built (npm run build); attribute lists not compared`;
  // Every documented attribute must be listed (one missing is stripped from an Author's posts); an
  // extra one only lets an Author keep an attribute the element ignores, so it is reported, not failed.
  test('every attribute the custom-elements manifest documents', { skip }, (t) => {
    interface Declaration {
      tagName?: string;
      attributes?: { name: string }[];
    }
    const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as { modules: { declarations?: Declaration[] }[] };
    const documented = new Map<string, string[]>();
    for (const mod of manifest.modules) {
      for (const d of mod.declarations ?? []) {
        if (d.tagName)
          documented.set(
            d.tagName,
            (d.attributes ?? []).map((a) => a.name.replace('data-prefill-<field>', 'data-prefill-*')),
          );
      }
    }
    const missing: string[] = [];
    for (const [tag, element] of Object.entries(plugin)) {
      const listed = new Set([...element.attributes, ...element.withheld]);
      for (const name of documented.get(tag) ?? []) if (!listed.has(name)) missing.push(`${tag} ${name}`);
      const extra = element.attributes.filter((name) => !(documented.get(tag) ?? []).includes(name));
      if (extra.length) t.diagnostic(`${tag}: listed but not documented: ${extra.join(', ')}`);
      // Which may be set and which hold an address follow scripts/wordpress-attributes.mjs (it
      // also throws for an address-like name it does not classify).
      const expected = classifyAttributes(tag, documented.get(tag) ?? []);
      assert.deepEqual(
        { url: element.url, withheld: element.withheld },
        { url: expected.url, withheld: expected.withheld },
        `${tag} (node scripts/wordpress-elements.mjs)`,
      );
    }
    assert.deepEqual(
      missing,
      [],
      `missing from ${PLUGIN_ELEMENTS} (npm run build && node scripts/wordpress-elements.mjs)`,
    );
  });
});

describe('attributes that choose where data goes, and addresses', () => {
  test('no element lets a post set endpoint or decoder-wasm', () => {
    assert.deepEqual(WITHHELD_ATTRIBUTES.sort(), ['decoder-wasm', 'endpoint']);
    for (const [tag, element] of Object.entries(plugin)) {
      for (const name of WITHHELD_ATTRIBUTES)
        assert.ok(!element.attributes.includes(name), `${tag} must not let a post set ${name}`);
      for (const name of element.url)
        assert.ok(element.attributes.includes(name), `${tag}: ${name} is an address a post may set`);
    }
    assert.ok(plugin['conf-registration-form']!.withheld.includes('endpoint'));
    assert.ok(plugin['conf-checkin']!.withheld.includes('decoder-wasm'));
  });

  test('href-pattern is an address attribute (kses checks its scheme)', () => {
    assert.ok(URL_ATTRIBUTES.includes('href-pattern'));
    assert.deepEqual(plugin['conf-site-nav']!.url, ['href-pattern']);
  });

  test('an attribute whose name looks like an address must be classified', () => {
    assert.throws(() => classifyAttributes('conf-x', ['lang', 'photo-url']), /photo-url looks like an address/);
    assert.deepEqual(classifyAttributes('conf-x', ['endpoint', 'href-pattern', 'lang']), {
      attributes: ['href-pattern', 'lang'],
      url: ['href-pattern'],
      withheld: ['endpoint'],
    });
  });
});

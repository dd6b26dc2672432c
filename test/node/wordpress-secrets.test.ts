/**
 * The WordPress plugin's scrubber (includes/secrets.php, run by Debian's php-cli with two
 * WordPress functions stubbed) against proxy/secrets.ts: whatever form of the key an upstream
 * answer carries (raw, URL-encoded, JSON `\u` escapes, `\/`, base64 at any offset, base64url, hex,
 * HTML references, double URL encoding), what the plugin would send on holds no form the Node
 * proxy's scrubber finds, even decoded; a body it cannot clean is withheld (null); clean bodies
 * pass byte for byte.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { createScrubber } from '../../proxy/secrets.js';

const hasPhp = spawnSync('php', ['-v']).status === 0;
const KEYS = ['sk_live_0123456789abcdef', 'k3y/with+odd"chars%and\\slash'];
const TOKEN = 'kiosk-token-0123456789';

/** Runs each text through the PHP scrubber with `key` as the API key: body and header results. */
function php(texts: string[], key: string): { body: string | null; header: string | null }[] {
  const script = `<?php
define('ABSPATH', '/');
function wp_json_encode($v, $f = 0) { return json_encode($v, $f); }
function conf_widgets_api_key() { return getenv('CFW_KEY'); }
function conf_widgets_kiosk_token() { return getenv('CFW_TOKEN'); }
require ${JSON.stringify(`${process.cwd()}/integrations/wordpress/conf-widgets/includes/secrets.php`)};
$out = array();
foreach (json_decode(stream_get_contents(STDIN), true) as $t) { $out[] = array('body' => conf_widgets_scrub_body($t), 'header' => conf_widgets_scrub_header($t)); }
echo json_encode($out);
`;
  const r = spawnSync('php', ['-r', script.replace('<?php', '')], {
    input: JSON.stringify(texts),
    encoding: 'utf8',
    env: { ...process.env, CFW_KEY: key, CFW_TOKEN: TOKEN },
  });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as { body: string | null; header: string | null }[];
}

function formsOf(secret: string): string[] {
  const bytes = Buffer.from(secret);
  const json = JSON.stringify(secret).slice(1, -1);
  const unicode = [...secret].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
  const b64 = (shift: number) =>
    Buffer.concat([Buffer.from('xyz'.slice(0, shift)), bytes, Buffer.from('tail')]).toString('base64');
  return [
    secret,
    encodeURIComponent(secret),
    encodeURIComponent(secret).toLowerCase(),
    encodeURIComponent(encodeURIComponent(secret)),
    json,
    json.replace(/\//g, '\\/'),
    unicode,
    b64(0),
    b64(1),
    b64(2),
    b64(1).replace(/\+/g, '-').replace(/\//g, '_'),
    bytes.toString('hex'),
    bytes.toString('hex').toUpperCase(),
    [...secret].map((c) => `&#${c.charCodeAt(0)};`).join(''),
  ];
}

test(
  'what the PHP scrubber lets through holds no form of the key that proxy/secrets.ts finds',
  { skip: !hasPhp && 'php-cli is not installed' },
  () => {
    for (const key of KEYS) {
      const node = createScrubber([key, TOKEN]);
      const texts = [...formsOf(key), ...formsOf(TOKEN)].flatMap((form) => [
        `{"error":{"code":"unauthorized","message":"key ${form.replace(/\\/g, '\\\\').replace(/"/g, '\\"')} refused"}}`,
        `{"data":[{"note":${JSON.stringify(`see ${form}`)}}],"meta":{}}`,
        `plain text ${form} here`,
      ]);
      const results = php(texts, key);
      texts.forEach((text, n) => {
        const { body, header } = results[n]!;
        if (body !== null) {
          assert.ok(
            !node.contains(body) && !node.containsDecoded(body),
            `body passed with a secret: ${text} -> ${body}`,
          );
          if (text.startsWith('{')) assert.doesNotThrow(() => JSON.parse(body), `cleaned JSON stays JSON: ${body}`);
        }
        if (header !== null)
          assert.ok(!node.contains(header) && !node.containsDecoded(header), `header passed with a secret: ${header}`);
      });
      // A JSON body whose secret shows only decoded is cleaned, not withheld.
      const cleaned = php(
        [`{"a":"${[...key].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}","b":1}`],
        key,
      )[0]!.body;
      assert.ok(cleaned !== null && JSON.parse(cleaned).b === 1, `${cleaned}`);
    }
  },
);

test('clean bodies and headers pass unchanged', { skip: !hasPhp && 'php-cli is not installed' }, () => {
  const texts = [
    '{"data":[{"title":"Caf\\u00e9 \\"talk\\"","url":"https:\\/\\/example.org\\/a%20b"}],"meta":{}}',
    '{}',
    '[]',
    '',
    '</script>&amp;',
  ];
  for (const key of KEYS) {
    php(texts, key).forEach((r, n) => {
      assert.equal(r.body, texts[n]);
      assert.equal(r.header, texts[n]);
    });
  }
});

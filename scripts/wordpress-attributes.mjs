// How the WordPress plugin treats the elements' documented attributes: the one list of the
// attributes that need more than escaping. scripts/wordpress-elements.mjs writes it into
// integrations/wordpress/conf-widgets/elements.json; test/node/wordpress-plugin.test.ts checks that
// file against it and against the custom-elements manifest.

/**
 * Attributes that choose where a visitor's data goes (the proxy that receives the forms, the
 * decoder the kiosk runs). No post may set them, whoever wrote it: the site's setting (Settings →
 * Conference widgets) decides. The plugin drops them from shortcodes, the block, what kses keeps,
 * and from conf-* tags in rendered content.
 */
export const WITHHELD_ATTRIBUTES = ['endpoint', 'decoder-wasm'];

/**
 * Attributes holding an address the visitor's browser follows. Kept, but only as an http(s) or
 * relative address: kses checks their protocol (wp_kses_uri_attributes), and the plugin checks
 * the shortcode's, the block's and the rendered tag's value against http/https.
 */
export const URL_ATTRIBUTES = ['href-pattern'];

/** A name that looks like an address: it must be in one of the two lists above. */
const URL_LIKE = /(^|-)(url|uri|href|src|endpoint|wasm|link|action|pattern)(-|$)/;

/**
 * `{ attributes, url, withheld }` for one element's documented attributes: `attributes` are the
 * ones a post may set (withheld ones removed), `url` the address-bearing ones among them.
 * Throws for an attribute whose name looks like an address but is in neither list, so a new one
 * is classified before the plugin lets it through.
 */
export function classifyAttributes(tag, documented) {
  const unclassified = documented.filter(
    (name) => URL_LIKE.test(name) && !WITHHELD_ATTRIBUTES.includes(name) && !URL_ATTRIBUTES.includes(name),
  );
  if (unclassified.length) {
    throw new Error(
      `${tag}: ${unclassified.join(', ')} looks like an address; add it to URL_ATTRIBUTES or WITHHELD_ATTRIBUTES in scripts/wordpress-attributes.mjs`,
    );
  }
  return {
    attributes: documented.filter((name) => !WITHHELD_ATTRIBUTES.includes(name)),
    url: documented.filter((name) => URL_ATTRIBUTES.includes(name)),
    withheld: documented.filter((name) => WITHHELD_ATTRIBUTES.includes(name)),
  };
}

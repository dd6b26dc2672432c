<?php
/**
 * The conf-* tags of rendered content, whoever wrote them. kses filters a post when it is saved,
 * and only for users without `unfiltered_html`: Administrators and Editors (on a single site)
 * save raw HTML. So that no post decides where a visitor's data goes, every conf-* start tag in
 * rendered content loses its `endpoint` and `decoder-wasm` (the site's setting names the proxy),
 * and an address attribute (`href-pattern`) that is not http(s) or relative.
 *
 * The tag is read as a browser reads it (the HTML tokenizer's tag and attribute states: where it
 * ends, which attribute comes first), so the attributes checked are the ones the browser sees. A
 * tag the content leaves unfinished would be completed by the theme's markup after it; its `<` is
 * written as text.
 *
 * @package ConfWidgets
 */

defined( 'ABSPATH' ) || exit;

/** The characters HTML treats as whitespace inside a tag (a CR becomes a LF before tokenizing). */
const CONF_WIDGETS_TAG_SPACE = " \t\n\f\r";

/**
 * Reads the start tag at `$start` (a `<` followed by the tag's name), as the HTML tokenizer does.
 *
 * @param string $html  The markup.
 * @param int    $start Offset of the `<`.
 * @return array{name: string, attributes: array<int, array{name: string, raw: string|true, quote: string}>, end: int}|null
 *         The lower-cased name; each attribute's name, its value as written (true: none) and its
 *         quote ('"', "'" or '' for unquoted); the offset after the `>`. Null when the markup ends
 *         inside the tag.
 */
function conf_widgets_read_start_tag( $html, $start ) {
	$length = strlen( $html );
	$i      = $start + 1;
	$end    = $i + strcspn( $html, CONF_WIDGETS_TAG_SPACE . '/>', $i );
	$name   = strtolower( substr( $html, $i, $end - $i ) );
	$i      = $end;
	$seen   = array();
	$list   = array();
	while ( $i < $length ) {
		$c = $html[ $i ];
		// Before an attribute's name: spaces, and a `/` not followed by `>`, are skipped.
		if ( false !== strpos( CONF_WIDGETS_TAG_SPACE . '/', $c ) ) {
			++$i;
			continue;
		}
		if ( '>' === $c ) {
			return array(
				'name'       => $name,
				'attributes' => $list,
				'end'        => $i + 1,
			);
		}
		// The name's first character may be anything, `=` included; then up to a space, `/`, `>` or `=`.
		$from = $i;
		++$i;
		$i        += strcspn( $html, CONF_WIDGETS_TAG_SPACE . '/>=', $i );
		$attribute = strtolower( substr( $html, $from, $i - $from ) );
		$i        += strspn( $html, CONF_WIDGETS_TAG_SPACE, $i );
		$raw       = true;
		$quote     = '';
		if ( $i < $length && '=' === $html[ $i ] ) {
			++$i;
			$i += strspn( $html, CONF_WIDGETS_TAG_SPACE, $i );
			if ( $i >= $length ) {
				return null;
			}
			$c = $html[ $i ];
			if ( '"' === $c || "'" === $c ) {
				$close = strpos( $html, $c, $i + 1 );
				if ( false === $close ) {
					return null;
				}
				$raw   = substr( $html, $i + 1, $close - $i - 1 );
				$quote = $c;
				$i     = $close + 1;
			} elseif ( '>' === $c ) {
				$raw = ''; // `name=>`: an empty value, and the tag ends.
			} else {
				$stop = $i + strcspn( $html, CONF_WIDGETS_TAG_SPACE . '>', $i );
				$raw  = substr( $html, $i, $stop - $i );
				$i    = $stop;
			}
		}
		// Of two attributes with one name, the browser keeps the first.
		if ( ! isset( $seen[ $attribute ] ) ) {
			$seen[ $attribute ] = true;
			$list[]             = array(
				'name'  => $attribute,
				'raw'   => $raw,
				'quote' => $quote,
			);
		}
	}
	return null;
}

/**
 * The start tag written again without what no post may set: `endpoint`, `decoder-wasm`, an
 * address attribute that is not http(s) or relative, and names no element could have (`a"b`).
 * Other attributes keep their value as written, so the browser reads the same value.
 *
 * @param array{name: string, attributes: array<int, array{name: string, raw: string|true, quote: string}>} $tag From conf_widgets_read_start_tag().
 */
function conf_widgets_start_tag_html( array $tag ) {
	$withheld = conf_widgets_attributes_of_kind( 'withheld' );
	$urls     = conf_widgets_attributes_of_kind( 'url' );
	$html     = '<' . $tag['name'];
	foreach ( $tag['attributes'] as $attribute ) {
		$name = $attribute['name'];
		$raw  = $attribute['raw'];
		if ( in_array( $name, $withheld, true ) || 1 !== preg_match( '/^[a-z_:][a-z0-9_.:-]*$/', $name ) ) {
			continue;
		}
		if ( in_array( $name, $urls, true ) ) {
			$url = true === $raw ? null : conf_widgets_web_url( $raw );
			if ( null !== $url ) {
				$html .= conf_widgets_attribute_html( $name, $url );
			}
			continue;
		}
		if ( true === $raw ) {
			$html .= ' ' . $name;
		} elseif ( '"' === $attribute['quote'] ) {
			$html .= ' ' . $name . '="' . $raw . '"';
		} else {
			// Single-quoted or unquoted: in double quotes, a `"` as its reference (the same value).
			$html .= ' ' . $name . '="' . str_replace( '"', '&quot;', $raw ) . '"';
		}
	}
	// The site's own address, written by the plugin (never taken from a post): see conf_widgets_site_endpoint().
	$endpoint = conf_widgets_site_endpoint();
	if ( null !== $endpoint ) {
		$html .= ' endpoint="' . esc_attr( $endpoint ) . '"';
	}
	return $html . '>';
}

/**
 * Rewrites every conf-* start tag of `$content` (see the file's comment).
 *
 * @param string|mixed $content Rendered content.
 * @return string|mixed
 */
function conf_widgets_filter_content( $content ) {
	if ( ! is_string( $content ) || false === stripos( $content, '<conf-' ) ) {
		return $content;
	}
	$out = '';
	$at  = 0;
	while ( false !== ( $start = stripos( $content, '<conf-', $at ) ) ) { // phpcs:ignore WordPress.CodeAnalysis.AssignmentInCondition.FoundInWhileCondition
		$out .= substr( $content, $at, $start - $at );
		$tag  = conf_widgets_read_start_tag( $content, $start );
		if ( null === $tag ) {
			$out .= '&lt;';
			$at   = $start + 1;
			continue;
		}
		$out .= conf_widgets_start_tag_html( $tag );
		$at   = $tag['end'];
	}
	return $out . substr( $content, $at );
}

// After blocks (9) and shortcodes (11), so every conf-* tag of the final markup is seen.
foreach ( array( 'the_content', 'the_excerpt', 'widget_text_content', 'widget_block_content' ) as $conf_widgets_hook ) {
	add_filter( $conf_widgets_hook, 'conf_widgets_filter_content', 99 );
}
unset( $conf_widgets_hook );

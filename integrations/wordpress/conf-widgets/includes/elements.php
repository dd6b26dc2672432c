<?php
/**
 * The elements and their documented attributes, read from elements.json (the list the
 * allowed-HTML filter, the shortcodes and the block share), and the markup of one element.
 *
 * @package ConfWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * Every element: tag => { label, form, attributes, url, withheld }. `attributes` are the ones a
 * post may set (`data-prefill-*` stands for any `data-prefill-<field>` attribute); `url` those of
 * them that hold an address (kept only as http(s) or relative); `withheld` the ones that choose
 * where a visitor's data goes (`endpoint`, `decoder-wasm`), which no post may set: the site's
 * setting decides. scripts/wordpress-elements.mjs writes the file from the elements' manifest.
 *
 * @return array<string, array{label: string, form: bool, attributes: string[], url: string[], withheld: string[]}>
 */
function conf_widgets_elements() {
	static $elements = null;
	if ( null === $elements ) {
		$json     = file_get_contents( dirname( __DIR__ ) . '/elements.json' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a file of the plugin itself.
		$data     = is_string( $json ) ? json_decode( $json, true ) : null;
		$elements = is_array( $data ) && isset( $data['elements'] ) && is_array( $data['elements'] ) ? $data['elements'] : array();
	}
	return $elements;
}

/**
 * One list of every element's attributes of a kind ('url' or 'withheld'), without repeats.
 *
 * @param string $kind 'url' or 'withheld'.
 * @return string[]
 */
function conf_widgets_attributes_of_kind( $kind ) {
	$names = array();
	foreach ( conf_widgets_elements() as $element ) {
		if ( isset( $element[ $kind ] ) && is_array( $element[ $kind ] ) ) {
			$names = array_merge( $names, $element[ $kind ] );
		}
	}
	return array_values( array_unique( $names ) );
}

/**
 * An address for an attribute such as `href-pattern`, as the browser will read it (HTML entities
 * decoded), when it is http(s) or relative; null for any other scheme (`javascript:`,
 * `jav&#x61;script:`, ` JavaScript:`, `data:`…). The check is WordPress's own (kses) against
 * http and https; `{slug}`, paths and queries (`/info/{slug}`, `?page={slug}`) pass unchanged.
 * Write the result with conf_widgets_attribute_html(), which encodes every `&`, so the browser
 * reads exactly the checked text.
 *
 * @param string $value The attribute's value as written.
 * @return string|null
 */
function conf_widgets_web_url( $value ) {
	$decoded = trim( html_entity_decode( (string) $value, ENT_QUOTES | ENT_HTML5, 'UTF-8' ) );
	if ( '' === $decoded ) {
		return null;
	}
	$checked = wp_kses_bad_protocol( $decoded, array( 'http', 'https' ) );
	// kses removes a scheme it does not allow (and lower-cases one it does): any other change means refused.
	return '' !== $checked && 0 === strcasecmp( $checked, $decoded ) ? $decoded : null;
}

/**
 * ` name="value"`, every character of the value encoded (an `&` too), so the browser's value is
 * exactly `$value`; ` name` alone for `true` (a boolean attribute).
 *
 * @param string      $name  An attribute name.
 * @param string|true $value Its value.
 */
function conf_widgets_attribute_html( $name, $value ) {
	return true === $value ? ' ' . $name : ' ' . $name . '="' . htmlspecialchars( (string) $value, ENT_QUOTES, 'UTF-8', true ) . '"';
}

/** The shortcode of an element: `conf-schedule` → `conf_schedule`. */
function conf_widgets_shortcode_name( $tag ) {
	return str_replace( '-', '_', $tag );
}

/** Whether `$name` is a documented attribute of the element `$tag`. */
function conf_widgets_allows_attribute( $tag, $name ) {
	$elements = conf_widgets_elements();
	if ( ! isset( $elements[ $tag ] ) ) {
		return false;
	}
	$attributes = $elements[ $tag ]['attributes'];
	if ( in_array( $name, $attributes, true ) ) {
		return true;
	}
	return in_array( 'data-prefill-*', $attributes, true )
		&& 1 === preg_match( '/^data-prefill-[a-z0-9]+(?:-[a-z0-9]+)*$/', $name );
}

/**
 * The element's markup. Attribute names are checked against the ones a post may set (others,
 * `endpoint` and `decoder-wasm` among them, are dropped); values are escaped; an address
 * attribute that is not http(s) or relative is dropped; `true` writes a boolean attribute.
 *
 * @param string                     $tag        A tag from conf_widgets_elements().
 * @param array<string, string|bool> $attributes Name => value.
 * @param string                     $inner      Markup inside the element (already safe).
 */
function conf_widgets_element_html( $tag, array $attributes, $inner = '' ) {
	if ( ! isset( conf_widgets_elements()[ $tag ] ) ) {
		return '';
	}
	$html = '<' . $tag;
	foreach ( $attributes as $name => $value ) {
		$name = strtolower( (string) $name );
		if ( ! conf_widgets_allows_attribute( $tag, $name ) || false === $value ) {
			continue;
		}
		if ( in_array( $name, conf_widgets_elements()[ $tag ]['url'], true ) ) {
			$value = true === $value ? null : conf_widgets_web_url( (string) $value );
			if ( null === $value ) {
				continue;
			}
			$html .= conf_widgets_attribute_html( $name, $value );
			continue;
		}
		$html .= true === $value ? ' ' . $name : ' ' . $name . '="' . esc_attr( (string) $value ) . '"';
	}
	return $html . '>' . $inner . '</' . $tag . '>';
}

/**
 * The classes of the box around an element: `conf-widgets conf-widgets--schedule`, plus
 * `conf-widgets--form` for the forms (assets/conf-widgets.css keeps their own width).
 */
function conf_widgets_wrapper_class( $tag ) {
	$elements = conf_widgets_elements();
	$class    = 'conf-widgets conf-widgets--' . sanitize_html_class( substr( $tag, strlen( 'conf-' ) ) );
	if ( ! empty( $elements[ $tag ]['form'] ) ) {
		$class .= ' conf-widgets--form';
	}
	return $class;
}

<?php
/**
 * The elements and their documented attributes, read from elements.json (the list the
 * allowed-HTML filter, the shortcodes and the block share), and the markup of one element.
 *
 * @package ConfWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * Every element: tag => { label, form, attributes }. `data-prefill-*` in attributes stands for any
 * `data-prefill-<field>` attribute.
 *
 * @return array<string, array{label: string, form: bool, attributes: string[]}>
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
 * The element's markup. Attribute names are checked against the documented ones (others are
 * dropped); values are escaped; `true` writes a boolean attribute.
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

<?php
/**
 * Lets every role that may write posts keep the conf-* tags. Without `unfiltered_html` (Authors,
 * Contributors, and everyone on a multisite but super admins) WordPress filters saved content
 * through the 'post' list of allowed HTML, which knows no conf-* tag, so it silently strips them.
 * Only the documented attributes a post may set are added: `<script>`, event handlers (`on*`),
 * `style`, `endpoint` and `decoder-wasm` stay stripped. Address attributes (`href-pattern`) are
 * URI attributes for kses, so it removes a `javascript:` (or any other disallowed) scheme from
 * them as it does from `href`.
 *
 * @package ConfWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * Adds every conf-* tag with its documented attributes to the 'post' context.
 *
 * @param array<string, array<string, bool>>|mixed $allowed The allowed tags and attributes.
 * @param string|mixed                             $context The kses context.
 * @return array<string, array<string, bool>>|mixed
 */
function conf_widgets_allowed_html( $allowed, $context ) {
	if ( 'post' !== $context || ! is_array( $allowed ) ) {
		return $allowed;
	}
	foreach ( conf_widgets_elements() as $tag => $element ) {
		// The global attributes WordPress allows on its own 'post' tags; `data-*` covers `data-prefill-*`.
		$attributes = array(
			'id'     => true,
			'class'  => true,
			'title'  => true,
			'hidden' => true,
			'data-*' => true,
		);
		foreach ( $element['attributes'] as $name ) {
			if ( 'data-prefill-*' !== $name ) {
				$attributes[ $name ] = true;
			}
		}
		$allowed[ $tag ] = isset( $allowed[ $tag ] ) && is_array( $allowed[ $tag ] ) ? array_merge( $allowed[ $tag ], $attributes ) : $attributes;
	}
	return $allowed;
}
add_filter( 'wp_kses_allowed_html', 'conf_widgets_allowed_html', 10, 2 );

/**
 * Makes the elements' address attributes (`href-pattern`) URI attributes, whose protocol kses checks.
 *
 * @param string[]|mixed $attributes The attribute names kses treats as URIs.
 * @return string[]|mixed
 */
function conf_widgets_uri_attributes( $attributes ) {
	return is_array( $attributes ) ? array_values( array_unique( array_merge( $attributes, conf_widgets_attributes_of_kind( 'url' ) ) ) ) : $attributes;
}
add_filter( 'wp_kses_uri_attributes', 'conf_widgets_uri_attributes' );

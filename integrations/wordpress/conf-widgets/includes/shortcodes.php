<?php
/**
 * One shortcode per element: `[conf_schedule view="grid"]`, `[conf_speakers query="data"]`,
 * `[conf_registration_form ticket="T1" data-prefill-email="…"]`, `[conf_exhibit_form
 * requires-registration]` (a boolean attribute). Documented attributes pass through, escaped;
 * others are dropped, and so are `endpoint` and `decoder-wasm` (the site's setting names the
 * proxy); `href-pattern` only as an http(s) or relative address. `align="wide"` or
 * `align="full"` gives the element the theme's wide or full width, as the block's alignment does.
 *
 * @package ConfWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * Renders any of the plugin's shortcodes.
 *
 * @param array<int|string, string>|string $atts      The shortcode's attributes ('' when none).
 * @param string|null                      $content   What an enclosing shortcode encloses.
 * @param string                           $shortcode The shortcode's name.
 */
function conf_widgets_shortcode( $atts, $content, $shortcode ) {
	$tag        = str_replace( '_', '-', $shortcode );
	$attributes = array();
	$align      = '';
	foreach ( is_array( $atts ) ? $atts : array() as $key => $value ) {
		if ( is_int( $key ) ) {
			// A bare word: `[conf_exhibit_form requires-registration]`.
			$attributes[ strtolower( (string) $value ) ] = true;
			continue;
		}
		if ( 'align' === $key ) {
			$align = in_array( $value, array( 'wide', 'full' ), true ) ? 'align' . $value : '';
			continue;
		}
		$attributes[ $key ] = (string) $value;
	}
	conf_widgets_enqueue();
	if ( 'conf-provider' === $tag ) {
		return conf_widgets_element_html( $tag, $attributes, do_shortcode( (string) $content ) );
	}
	$class = trim( conf_widgets_wrapper_class( $tag ) . ' ' . $align );
	return '<div class="' . esc_attr( $class ) . '">' . conf_widgets_element_html( $tag, $attributes ) . '</div>';
}

add_action(
	'init',
	static function () {
		foreach ( array_keys( conf_widgets_elements() ) as $tag ) {
			add_shortcode( conf_widgets_shortcode_name( $tag ), 'conf_widgets_shortcode' );
		}
	}
);

<?php
/**
 * One dynamic block, "Conference widget" (conf-widgets/element), with a choice of element and its
 * main attributes in the sidebar; rendered here in PHP, so a saved post holds only the block's
 * comment and the markup always follows the plugin. Its editor script is plain JavaScript on
 * WordPress's globals (assets/block-editor.js), with no build step.
 *
 * @package ConfWidgets
 */

defined( 'ABSPATH' ) || exit;

/** The block's own attributes besides `element`: the elements' main ones, as the sidebar sets them. */
const CONF_WIDGETS_BLOCK_ATTRIBUTES = array( 'view', 'venue', 'day', 'type', 'query', 'track', 'ticket', 'registration-id', 'workshop', 'types', 'fee', 'slug', 'href-pattern', 'show-conference', 'display', 'group-by', 'lang', 'theme' );

/** Registers the block and its editor script. */
function conf_widgets_register_block() {
	wp_register_script(
		'conf-widgets-block-editor',
		plugins_url( 'assets/block-editor.js', CONF_WIDGETS_FILE ),
		array( 'wp-blocks', 'wp-element', 'wp-components', 'wp-block-editor', 'wp-i18n' ),
		CONF_WIDGETS_VERSION,
		true
	);
	$tags       = array_values( array_diff( array_keys( conf_widgets_elements() ), array( 'conf-provider' ) ) );
	$attributes = array(
		'element' => array(
			'type'    => 'string',
			'enum'    => $tags,
			'default' => 'conf-schedule',
		),
	);
	foreach ( CONF_WIDGETS_BLOCK_ATTRIBUTES as $name ) {
		$attributes[ $name ] = array(
			'type'    => 'string',
			'default' => '',
		);
	}
	register_block_type(
		'conf-widgets/element',
		array(
			'api_version'     => 2,
			'title'           => __( 'Conference widget', 'conf-widgets' ),
			'description'     => __( 'A schedule, speakers, abstracts, exhibitors, workshops or a form, with live data from your conference.', 'conf-widgets' ),
			'category'        => 'widgets',
			'icon'            => 'calendar-alt',
			'keywords'        => array( 'conference', 'schedule', 'speakers', 'registration' ),
			'attributes'      => $attributes,
			'supports'        => array(
				'align' => array( 'wide', 'full' ),
				'html'  => false,
			),
			'editor_script'   => 'conf-widgets-block-editor',
			'render_callback' => 'conf_widgets_render_block',
		)
	);
}
add_action( 'init', 'conf_widgets_register_block' );

/**
 * The block's markup on the page: the element inside a box carrying the block's alignment.
 *
 * @param array<string, mixed> $attributes The block's attributes.
 */
function conf_widgets_render_block( $attributes ) {
	$tag = isset( $attributes['element'] ) && is_string( $attributes['element'] ) ? $attributes['element'] : '';
	if ( 'conf-provider' === $tag || ! isset( conf_widgets_elements()[ $tag ] ) ) {
		return '';
	}
	$element_attributes = array();
	foreach ( CONF_WIDGETS_BLOCK_ATTRIBUTES as $name ) {
		if ( isset( $attributes[ $name ] ) && is_string( $attributes[ $name ] ) && '' !== $attributes[ $name ] ) {
			// conf_widgets_element_html() writes only the chosen element's own attributes: a view
			// left over from the schedule is not written on the speakers.
			$element_attributes[ $name ] = $attributes[ $name ];
		}
	}
	conf_widgets_enqueue();
	$wrapper = get_block_wrapper_attributes( array( 'class' => conf_widgets_wrapper_class( $tag ) ) );
	return '<div ' . $wrapper . '>' . conf_widgets_element_html( $tag, $element_attributes ) . '</div>';
}

<?php
/**
 * Settings → Conference widgets: the proxy's URL, for users who may manage options. Saved through
 * options.php (its nonce and the `manage_options` check), validated here.
 *
 * @package ConfWidgets
 */

defined( 'ABSPATH' ) || exit;

const CONF_WIDGETS_SETTINGS_PAGE = 'conf-widgets';

/**
 * The proxy's base URL from what an administrator typed, or null when it is not one: http(s),
 * a host, no user, query or fragment. A pasted script URL (`…/conf-widgets.js`) is accepted.
 *
 * @param string $value What was typed.
 * @return string|null
 */
function conf_widgets_normalize_proxy_url( $value ) {
	$value = preg_replace( '#/conf-widgets\.js$#', '', trim( $value ) );
	$parts = wp_parse_url( $value );
	if ( ! is_array( $parts ) || empty( $parts['host'] ) || ! isset( $parts['scheme'] )
		|| ! in_array( strtolower( $parts['scheme'] ), array( 'http', 'https' ), true )
		|| isset( $parts['user'] ) || isset( $parts['pass'] ) || isset( $parts['query'] ) || isset( $parts['fragment'] )
		|| false === filter_var( $value, FILTER_VALIDATE_URL ) ) {
		return null;
	}
	return untrailingslashit( esc_url_raw( $value, array( 'http', 'https' ) ) );
}

/**
 * The setting's sanitize callback: a valid URL is stored normalized; anything else keeps the
 * stored value and says why on the settings page.
 *
 * @param mixed $value The submitted value.
 */
function conf_widgets_sanitize_proxy_url( $value ) {
	$value = is_string( $value ) ? trim( $value ) : '';
	if ( '' === $value ) {
		return '';
	}
	$url = conf_widgets_normalize_proxy_url( $value );
	if ( null === $url ) {
		if ( ! function_exists( 'add_settings_error' ) ) {
			return conf_widgets_proxy_url(); // Outside the admin: nobody to tell; keep the stored value.
		}
		add_settings_error(
			CONF_WIDGETS_OPTION,
			'conf-widgets-invalid-url',
			/* translators: %s: what was typed. */
			esc_html( sprintf( __( '"%s" is not the address of a proxy. Enter its http:// or https:// URL, e.g. https://proxy.example.org; the setting was not changed.', 'conf-widgets' ), $value ) )
		);
		return conf_widgets_proxy_url();
	}
	return $url;
}

// Registered on every request (not only in the admin), so the URL is validated however it is
// saved: the settings page, update_option() in a script, WP-CLI.
add_action(
	'init',
	static function () {
		register_setting(
			CONF_WIDGETS_SETTINGS_PAGE,
			CONF_WIDGETS_OPTION,
			array(
				'type'              => 'string',
				'default'           => '',
				'sanitize_callback' => 'conf_widgets_sanitize_proxy_url',
				'show_in_rest'      => false,
			)
		);
	}
);

add_action(
	'admin_init',
	static function () {
		add_settings_section( 'conf-widgets-proxy', '', 'conf_widgets_section_text', CONF_WIDGETS_SETTINGS_PAGE );
		add_settings_field(
			CONF_WIDGETS_OPTION,
			__( 'Proxy URL', 'conf-widgets' ),
			'conf_widgets_proxy_url_field',
			CONF_WIDGETS_SETTINGS_PAGE,
			'conf-widgets-proxy',
			array( 'label_for' => CONF_WIDGETS_OPTION )
		);
	}
);

/** What the setting is for. */
function conf_widgets_section_text() {
	echo '<p>' . esc_html__( 'The address of your conf-widgets proxy: it holds the API key and serves the elements\' script (conf-widgets.js). Add this site\'s address to the proxy\'s CONF_ALLOWED_ORIGINS, or the elements cannot load their data.', 'conf-widgets' ) . '</p>';
}

/** The URL field. */
function conf_widgets_proxy_url_field() {
	printf(
		'<input type="url" class="regular-text code" id="%1$s" name="%1$s" value="%2$s" placeholder="https://proxy.example.org" />',
		esc_attr( CONF_WIDGETS_OPTION ),
		esc_attr( conf_widgets_proxy_url() )
	);
}

/** The settings page (Settings → Conference widgets). */
function conf_widgets_settings_page() {
	if ( ! current_user_can( 'manage_options' ) ) {
		return;
	}
	echo '<div class="wrap"><h1>' . esc_html( get_admin_page_title() ) . '</h1><form action="options.php" method="post">';
	settings_fields( CONF_WIDGETS_SETTINGS_PAGE );
	do_settings_sections( CONF_WIDGETS_SETTINGS_PAGE );
	submit_button();
	echo '</form></div>';
}

add_action(
	'admin_menu',
	static function () {
		add_options_page(
			__( 'Conference widgets', 'conf-widgets' ),
			__( 'Conference widgets', 'conf-widgets' ),
			'manage_options',
			CONF_WIDGETS_SETTINGS_PAGE,
			'conf_widgets_settings_page'
		);
	}
);

/** A "Settings" link beside the plugin in Plugins → Installed Plugins. */
add_filter(
	'plugin_action_links_' . plugin_basename( CONF_WIDGETS_FILE ),
	static function ( $links ) {
		$url = admin_url( 'options-general.php?page=' . CONF_WIDGETS_SETTINGS_PAGE );
		array_unshift( $links, '<a href="' . esc_url( $url ) . '">' . esc_html__( 'Settings', 'conf-widgets' ) . '</a>' );
		return $links;
	}
);

/** Until the proxy URL is set the elements stay empty: say so to those who can set it. */
add_action(
	'admin_notices',
	static function () {
		$screen = get_current_screen();
		if ( '' !== conf_widgets_proxy_url() || ! current_user_can( 'manage_options' ) || ( $screen && 'settings_page_' . CONF_WIDGETS_SETTINGS_PAGE === $screen->id ) ) {
			return;
		}
		printf(
			'<div class="notice notice-warning"><p>%1$s <a href="%2$s">%3$s</a></p></div>',
			esc_html__( 'Conference widgets: the elements stay empty until the proxy\'s URL is set.', 'conf-widgets' ),
			esc_url( admin_url( 'options-general.php?page=' . CONF_WIDGETS_SETTINGS_PAGE ) ),
			esc_html__( 'Set it now', 'conf-widgets' )
		);
	}
);

<?php
/**
 * Settings → Conference widgets, for users who may manage options: the mode (this site holds the
 * API key, or a separate proxy does), the API's base URL, the key, the kiosk token and the extra
 * allowed origins, or the proxy's URL. Saved through options.php (its nonce and the
 * `manage_options` check), validated here. "Test connection" asks the API's /health with the key.
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

// Registered on every request (not only in the admin), so the values are validated however they
// are saved: the settings page, update_option() in a script, WP-CLI. None is shown in the REST API.
add_action(
	'init',
	static function () {
		$settings = array(
			CONF_WIDGETS_OPTION          => array( 'string', '', 'conf_widgets_sanitize_proxy_url' ),
			CONF_WIDGETS_MODE_OPTION     => array( 'string', '', 'conf_widgets_sanitize_mode' ),
			CONF_WIDGETS_API_BASE_OPTION => array( 'string', '', 'conf_widgets_sanitize_api_base' ),
			CONF_WIDGETS_API_KEY_OPTION  => array( 'array', array(), 'conf_widgets_sanitize_api_key' ),
			CONF_WIDGETS_KIOSK_OPTION    => array( 'array', array(), 'conf_widgets_sanitize_kiosk_token' ),
			CONF_WIDGETS_ORIGINS_OPTION  => array( 'array', array(), 'conf_widgets_sanitize_origins' ),
			CONF_WIDGETS_CHALLENGE_OPTION => array( 'array', array(), 'conf_widgets_sanitize_challenge' ),
		);
		foreach ( $settings as $name => $setting ) {
			register_setting(
				CONF_WIDGETS_SETTINGS_PAGE,
				$name,
				array(
					'type'              => $setting[0],
					'default'           => $setting[1],
					'sanitize_callback' => $setting[2],
					'show_in_rest'      => false,
				)
			);
		}
	}
);

/** Tells the settings page why a value was not taken (nobody to tell outside the admin). */
function conf_widgets_settings_error( $option, $code, $message ) {
	if ( function_exists( 'add_settings_error' ) ) {
		add_settings_error( $option, $code, esc_html( $message ) );
	}
}

/** The mode: 'key' or 'proxy'; anything else keeps the stored one. */
function conf_widgets_sanitize_mode( $value ) {
	return in_array( $value, array( 'key', 'proxy' ), true ) ? $value : conf_widgets_mode();
}

/** The API's base URL: http(s), a host, maybe a path, no user, query or fragment; '' clears it. */
function conf_widgets_sanitize_api_base( $value ) {
	$value = is_string( $value ) ? trim( $value ) : '';
	if ( '' === $value ) {
		return '';
	}
	$url = conf_widgets_normalize_proxy_url( preg_replace( '#/api/public/v1/?$#', '', $value ) );
	if ( null === $url ) {
		/* translators: %s: what was typed. */
		conf_widgets_settings_error( CONF_WIDGETS_API_BASE_OPTION, 'conf-widgets-invalid-api-base', sprintf( __( '"%s" is not the address of the conference API. Enter its http:// or https:// URL, e.g. https://api.example.org; the setting was not changed.', 'conf-widgets' ), $value ) );
		return conf_widgets_api_base();
	}
	return $url;
}

/**
 * A secret from its password field: what was typed replaces the stored one; an empty field keeps
 * it (the page never holds it to send back), unless `$clear` was ticked.
 */
function conf_widgets_sanitize_secret( $value, $option, $clear_field ) {
	if ( is_array( $value ) ) {
		// Already stored shape (update_option with the array, or WordPress's double sanitizing on a first save).
		return isset( $value['value'] ) && is_string( $value['value'] ) ? array( 'value' => $value['value'] ) : array();
	}
	$value = is_string( $value ) ? trim( $value ) : '';
	// phpcs:ignore WordPress.Security.NonceVerification.Missing -- options.php checked the nonce.
	if ( '' === $value && ! empty( $_POST[ $clear_field ] ) ) {
		return array();
	}
	if ( '' === $value ) {
		$stored = conf_widgets_stored_secret( $option );
		return '' === $stored ? array() : array( 'value' => $stored );
	}
	if ( 1 !== preg_match( '/^[\x21-\x7e]{8,512}$/', $value ) ) {
		conf_widgets_settings_error( $option, 'conf-widgets-invalid-secret', __( 'A key or token is 8 to 512 visible ASCII characters (no spaces); the stored one was not changed.', 'conf-widgets' ) );
		$stored = conf_widgets_stored_secret( $option );
		return '' === $stored ? array() : array( 'value' => $stored );
	}
	return array( 'value' => $value );
}

/** The API key's sanitize callback. */
function conf_widgets_sanitize_api_key( $value ) {
	return conf_widgets_sanitize_secret( $value, CONF_WIDGETS_API_KEY_OPTION, 'conf_widgets_api_key_clear' );
}

/** The kiosk token's sanitize callback. */
function conf_widgets_sanitize_kiosk_token( $value ) {
	return conf_widgets_sanitize_secret( $value, CONF_WIDGETS_KIOSK_OPTION, 'conf_widgets_kiosk_token_clear' );
}

/** Extra allowed origins, one per line: each an http(s) origin; others are dropped and named. */
function conf_widgets_sanitize_origins( $value ) {
	$lines   = is_array( $value ) ? $value : preg_split( '/[\s,]+/', is_string( $value ) ? $value : '' );
	$origins = array();
	$refused = array();
	foreach ( $lines as $line ) {
		$line = trim( (string) $line );
		if ( '' === $line ) {
			continue;
		}
		$origin = conf_widgets_origin_of( $line );
		if ( null === $origin || untrailingslashit( strtolower( $line ) ) !== $origin ) {
			$refused[] = $line;
		} else {
			$origins[] = $origin;
		}
	}
	if ( $refused ) {
		/* translators: %s: the refused lines. */
		conf_widgets_settings_error( CONF_WIDGETS_ORIGINS_OPTION, 'conf-widgets-invalid-origin', sprintf( __( 'Not an origin (scheme://host[:port], nothing after it), left out: %s', 'conf-widgets' ), implode( ', ', $refused ) ) );
	}
	return array_values( array_unique( $origins ) );
}

/** The write challenge: on or off, and its difficulty (a whole number from 1; else the default). */
function conf_widgets_sanitize_challenge( $value ) {
	$value      = is_array( $value ) ? $value : array();
	$difficulty = isset( $value['difficulty'] ) ? filter_var( $value['difficulty'], FILTER_VALIDATE_INT, array( 'options' => array( 'min_range' => 1, 'max_range' => 4294967295 ) ) ) : false;
	if ( isset( $value['difficulty'] ) && '' !== $value['difficulty'] && false === $difficulty ) {
		conf_widgets_settings_error( CONF_WIDGETS_CHALLENGE_OPTION, 'conf-widgets-invalid-difficulty', __( 'The challenge\'s difficulty is a whole number from 1; the previous one was kept.', 'conf-widgets' ) );
		$difficulty = conf_widgets_challenge_setting()['difficulty'];
	}
	return array(
		'on'         => ! empty( $value['on'] ),
		'difficulty' => false === $difficulty ? CONF_WIDGETS_CHALLENGE_DIFFICULTY : (int) $difficulty,
	);
}

add_action(
	'admin_init',
	static function () {
		$page = CONF_WIDGETS_SETTINGS_PAGE;
		add_settings_section( 'conf-widgets-mode', '', 'conf_widgets_section_text', $page );
		add_settings_field( CONF_WIDGETS_MODE_OPTION, __( 'Who holds the API key', 'conf-widgets' ), 'conf_widgets_mode_field', $page, 'conf-widgets-mode' );
		add_settings_section( 'conf-widgets-key', __( 'This site holds the key', 'conf-widgets' ), 'conf_widgets_key_section_text', $page );
		$fields = array(
			CONF_WIDGETS_API_BASE_OPTION => array( __( 'API base URL', 'conf-widgets' ), 'conf_widgets_api_base_field' ),
			CONF_WIDGETS_API_KEY_OPTION  => array( __( 'API key', 'conf-widgets' ), 'conf_widgets_api_key_field' ),
			CONF_WIDGETS_KIOSK_OPTION    => array( __( 'Kiosk token (optional)', 'conf-widgets' ), 'conf_widgets_kiosk_token_field' ),
			CONF_WIDGETS_ORIGINS_OPTION  => array( __( 'Extra allowed origins', 'conf-widgets' ), 'conf_widgets_origins_field' ),
			CONF_WIDGETS_CHALLENGE_OPTION => array( __( 'Write challenge', 'conf-widgets' ), 'conf_widgets_challenge_field' ),
		);
		foreach ( $fields as $name => $field ) {
			add_settings_field( $name, $field[0], $field[1], $page, 'conf-widgets-key', array( 'label_for' => $name ) );
		}
		add_settings_section( 'conf-widgets-proxy', __( 'A separate proxy holds the key', 'conf-widgets' ), 'conf_widgets_proxy_section_text', $page );
		add_settings_field( CONF_WIDGETS_OPTION, __( 'Proxy URL', 'conf-widgets' ), 'conf_widgets_proxy_url_field', $page, 'conf-widgets-proxy', array( 'label_for' => CONF_WIDGETS_OPTION ) );
	}
);

/** What the settings are for. */
function conf_widgets_section_text() {
	echo '<p>' . esc_html__( 'The elements load their data through a holder of your conference API key: this WordPress site itself (nothing else to host), or a separate conf-widgets proxy.', 'conf-widgets' ) . '</p>';
}

/** The mode's radio buttons. */
function conf_widgets_mode_field() {
	$mode    = conf_widgets_mode();
	$choices = array(
		'key'   => __( 'This WordPress site holds the API key', 'conf-widgets' ),
		'proxy' => __( 'A separate proxy at a URL', 'conf-widgets' ),
	);
	echo '<fieldset>';
	foreach ( $choices as $value => $label ) {
		printf(
			'<label><input type="radio" name="%1$s" id="%1$s-%2$s" value="%2$s"%3$s /> %4$s</label><br />',
			esc_attr( CONF_WIDGETS_MODE_OPTION ),
			esc_attr( $value ),
			checked( $mode, $value, false ),
			esc_html( $label )
		);
	}
	echo '</fieldset>';
}

/** The key mode's explanation. */
function conf_widgets_key_section_text() {
	printf(
		'<p>%s <code>%s</code></p>',
		esc_html__( 'The key is kept in this site\'s database and sent only to the API. The elements on this site call:', 'conf-widgets' ),
		esc_html( home_url( '/api/public/v1/' ) )
	);
}

/** The proxy mode's explanation. */
function conf_widgets_proxy_section_text() {
	echo '<p>' . esc_html__( 'The address of your conf-widgets proxy: it holds the API key and serves the elements\' script (conf-widgets.js). Add this site\'s address to the proxy\'s CONF_ALLOWED_ORIGINS, or the elements cannot load their data.', 'conf-widgets' ) . '</p>';
}

/** The API base URL field. */
function conf_widgets_api_base_field() {
	printf(
		'<input type="url" class="regular-text code" id="%1$s" name="%1$s" value="%2$s" placeholder="https://api.example.org" />',
		esc_attr( CONF_WIDGETS_API_BASE_OPTION ),
		esc_attr( conf_widgets_api_base() )
	);
}

/**
 * A secret's password field: always empty (the page never holds the secret); the stored one
 * shown by its last four characters only, with a box to remove it.
 */
function conf_widgets_secret_field( $option, $stored, $clear_field, $placeholder ) {
	printf(
		'<input type="password" class="regular-text code" id="%1$s" name="%1$s" value="" autocomplete="new-password" spellcheck="false" placeholder="%2$s" />',
		esc_attr( $option ),
		esc_attr( $placeholder )
	);
	if ( '' === $stored ) {
		echo '<p class="description">' . esc_html__( 'None stored.', 'conf-widgets' ) . '</p>';
		return;
	}
	printf(
		'<p class="description" id="%1$s-stored">%2$s <code>&hellip;%3$s</code>. %4$s</p><label><input type="checkbox" name="%5$s" value="1" /> %6$s</label>',
		esc_attr( $option ),
		esc_html__( 'Stored, ending in', 'conf-widgets' ),
		esc_html( strlen( $stored ) >= 12 ? substr( $stored, -4 ) : '' ),
		esc_html__( 'Type a new one to replace it; leave empty to keep it.', 'conf-widgets' ),
		esc_attr( $clear_field ),
		esc_html__( 'Remove it', 'conf-widgets' )
	);
}

/** The API key field. */
function conf_widgets_api_key_field() {
	conf_widgets_secret_field( CONF_WIDGETS_API_KEY_OPTION, conf_widgets_api_key(), 'conf_widgets_api_key_clear', __( 'Paste the API key', 'conf-widgets' ) );
}

/** The kiosk token field. */
function conf_widgets_kiosk_token_field() {
	conf_widgets_secret_field( CONF_WIDGETS_KIOSK_OPTION, conf_widgets_kiosk_token(), 'conf_widgets_kiosk_token_clear', __( 'A long random token for check-in kiosks', 'conf-widgets' ) );
	echo '<p class="description">' . esc_html__( 'Check-ins are forwarded only with this token (the kiosk element\'s X-Kiosk-Token); without one they are refused.', 'conf-widgets' ) . '</p>';
}

/** The extra origins field. */
function conf_widgets_origins_field() {
	printf(
		'<textarea class="large-text code" rows="3" id="%1$s" name="%1$s" placeholder="https://www.example.org">%2$s</textarea><p class="description">%3$s</p>',
		esc_attr( CONF_WIDGETS_ORIGINS_OPTION ),
		esc_textarea( implode( "\n", conf_widgets_extra_origins() ) ),
		/* translators: %s: this site's origin. */
		esc_html( sprintf( __( 'One per line. This site (%s) is always allowed; add other sites whose pages use the elements through this one.', 'conf-widgets' ), conf_widgets_origin_of( home_url() ) ) )
	);
}

/** The write challenge: a box to turn it on, and its difficulty. */
function conf_widgets_challenge_field() {
	$setting = conf_widgets_challenge_setting();
	printf(
		'<label><input type="checkbox" id="%1$s" name="%1$s[on]" value="1"%2$s /> %3$s</label><p><label for="%1$s-difficulty">%4$s</label> <input type="number" class="small-text" min="1" step="1" id="%1$s-difficulty" name="%1$s[difficulty]" value="%5$d" /></p><p class="description">%6$s</p>',
		esc_attr( CONF_WIDGETS_CHALLENGE_OPTION ),
		checked( $setting['on'], true, false ),
		esc_html__( 'Ask every submission and upload for a solved proof-of-work challenge', 'conf-widgets' ),
		esc_html__( 'Difficulty (largest counter to find)', 'conf-widgets' ),
		(int) $setting['difficulty'],
		/* translators: %s: the default difficulty. */
		esc_html( sprintf( __( 'Off by default. The forms solve it in the visitor\'s browser while the form is filled in; a script that does not solve it gets no submission through. Browsers solve it only on https pages (or localhost). Check-ins are never asked. Default difficulty: %s.', 'conf-widgets' ), number_format_i18n( CONF_WIDGETS_CHALLENGE_DIFFICULTY ) ) )
	);
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
	echo '<div class="wrap"><h1>' . esc_html( get_admin_page_title() ) . '</h1>';
	$result = get_transient( 'conf_widgets_test_' . get_current_user_id() );
	if ( is_array( $result ) && isset( $result['ok'], $result['message'] ) ) {
		delete_transient( 'conf_widgets_test_' . get_current_user_id() );
		printf( '<div id="conf-widgets-test-result" class="notice %1$s"><p>%2$s</p></div>', $result['ok'] ? 'notice-success' : 'notice-error', esc_html( conf_widgets_scrub( $result['message'] ) ) );
	}
	echo '<form action="options.php" method="post">';
	settings_fields( CONF_WIDGETS_SETTINGS_PAGE );
	do_settings_sections( CONF_WIDGETS_SETTINGS_PAGE );
	submit_button();
	echo '</form>';
	echo '<form action="' . esc_url( admin_url( 'admin-post.php' ) ) . '" method="post"><input type="hidden" name="action" value="conf_widgets_test_connection" />';
	wp_nonce_field( 'conf_widgets_test_connection' );
	echo '<p>' . esc_html__( 'Asks the API\'s /health with the stored key and says what is wrong, if anything.', 'conf-widgets' ) . '</p>';
	submit_button( __( 'Test connection', 'conf-widgets' ), 'secondary', 'conf-widgets-test', false );
	echo '</form></div>';
}

add_action(
	'admin_post_conf_widgets_test_connection',
	static function () {
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to manage options for this site.', 'conf-widgets' ), 403 );
		}
		check_admin_referer( 'conf_widgets_test_connection' );
		set_transient( 'conf_widgets_test_' . get_current_user_id(), conf_widgets_test_connection(), 120 );
		wp_safe_redirect( admin_url( 'options-general.php?page=' . CONF_WIDGETS_SETTINGS_PAGE ) );
		exit;
	}
);

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

/** Until the key (or the proxy URL) is set the elements stay empty: say so to those who can set it. */
add_action(
	'admin_notices',
	static function () {
		$screen = get_current_screen();
		if ( 'key' === conf_widgets_mode() && '' === conf_widgets_loader_url() && current_user_can( 'manage_options' ) ) {
			// A copy of the plugin's source rather than the ZIP the build makes: no elements' script to serve.
			echo '<div class="notice notice-error"><p>' . esc_html__( 'Conference widgets: the elements\' script is missing from the plugin (its dist/ folder). Install the plugin from conf-widgets-wordpress.zip, made by npm run build.', 'conf-widgets' ) . '</p></div>';
		}
		$ready = 'key' === conf_widgets_mode() ? '' !== conf_widgets_api_key() && '' !== conf_widgets_api_base() : '' !== conf_widgets_proxy_url();
		if ( $ready || ! current_user_can( 'manage_options' ) || ( $screen && 'settings_page_' . CONF_WIDGETS_SETTINGS_PAGE === $screen->id ) ) {
			return;
		}
		printf(
			'<div class="notice notice-warning"><p>%1$s <a href="%2$s">%3$s</a></p></div>',
			esc_html( 'key' === conf_widgets_mode() ? __( 'Conference widgets: the elements stay empty until the API\'s URL and key are set.', 'conf-widgets' ) : __( 'Conference widgets: the elements stay empty until the proxy\'s URL is set.', 'conf-widgets' ) ),
			esc_url( admin_url( 'options-general.php?page=' . CONF_WIDGETS_SETTINGS_PAGE ) ),
			esc_html__( 'Set it now', 'conf-widgets' )
		);
	}
);

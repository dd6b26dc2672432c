<?php
/**
 * The plugin's settings as stored, read in one place.
 *
 * Two modes: `key` (this WordPress site holds the API key and forwards the elements' calls itself,
 * includes/api.php) and `proxy` (a separate conf-widgets proxy at a URL holds it). A new install
 * starts in `key` mode; one that already has a proxy URL and no mode stays with its proxy.
 *
 * The key and the kiosk token are stored as arrays, so WordPress's all-options screen
 * (wp-admin/options.php) shows "SERIALIZED DATA" instead of printing them; they are never sent
 * in the REST API (`show_in_rest` false) and never printed back into a page.
 *
 * @package ConfWidgets
 */

defined( 'ABSPATH' ) || exit;

const CONF_WIDGETS_MODE_OPTION     = 'conf_widgets_mode';
const CONF_WIDGETS_API_BASE_OPTION = 'conf_widgets_api_base';
const CONF_WIDGETS_API_KEY_OPTION  = 'conf_widgets_api_key';
const CONF_WIDGETS_KIOSK_OPTION    = 'conf_widgets_kiosk_token';
const CONF_WIDGETS_ORIGINS_OPTION  = 'conf_widgets_allowed_origins';

/** 'key' or 'proxy'. */
function conf_widgets_mode() {
	$mode = get_option( CONF_WIDGETS_MODE_OPTION, '' );
	if ( 'key' === $mode || 'proxy' === $mode ) {
		return $mode;
	}
	return '' !== conf_widgets_proxy_url() ? 'proxy' : 'key';
}

/** The proxy's base URL from Settings → Conference widgets, or '' when not set. */
function conf_widgets_proxy_url() {
	$url = get_option( CONF_WIDGETS_OPTION, '' );
	return is_string( $url ) ? $url : '';
}

/** The conference API's base URL (origin, maybe a path; no trailing slash), or ''. */
function conf_widgets_api_base() {
	$url = get_option( CONF_WIDGETS_API_BASE_OPTION, '' );
	return is_string( $url ) ? $url : '';
}

/** A stored secret (an array holding it), or ''. */
function conf_widgets_stored_secret( $option ) {
	$value = get_option( $option, array() );
	return is_array( $value ) && isset( $value['value'] ) && is_string( $value['value'] ) ? $value['value'] : '';
}

/** The API key, or ''. Only ever sent upstream, as X-API-Key. */
function conf_widgets_api_key() {
	return conf_widgets_stored_secret( CONF_WIDGETS_API_KEY_OPTION );
}

/** The kiosk token check-ins must present (X-Kiosk-Token), or '' (check-ins refused). */
function conf_widgets_kiosk_token() {
	return conf_widgets_stored_secret( CONF_WIDGETS_KIOSK_OPTION );
}

/** The origin (scheme://host[:port]) of a URL, or null. */
function conf_widgets_origin_of( $url ) {
	$p = wp_parse_url( $url );
	if ( ! is_array( $p ) || empty( $p['scheme'] ) || empty( $p['host'] ) || ! in_array( strtolower( $p['scheme'] ), array( 'http', 'https' ), true ) ) {
		return null;
	}
	return strtolower( $p['scheme'] ) . '://' . strtolower( $p['host'] ) . ( isset( $p['port'] ) ? ':' . (int) $p['port'] : '' );
}

/** The extra allowed origins as typed and stored (one per line). */
function conf_widgets_extra_origins() {
	$value = get_option( CONF_WIDGETS_ORIGINS_OPTION, array() );
	return is_array( $value ) ? array_values( array_filter( $value, 'is_string' ) ) : array();
}

/** Every origin whose pages may call the forwarded API: the site's own, and the extra ones. */
function conf_widgets_allowed_origins() {
	$origins = conf_widgets_extra_origins();
	foreach ( array( home_url(), site_url() ) as $own ) {
		$origin = conf_widgets_origin_of( $own );
		if ( null !== $origin ) {
			$origins[] = $origin;
		}
	}
	return array_values( array_unique( $origins ) );
}

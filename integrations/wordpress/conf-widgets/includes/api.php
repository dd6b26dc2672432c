<?php
/**
 * Key mode: this site is the proxy. It answers the browser-reachable endpoints of contract.json
 * (generated from src/api/contract.ts by `npm run build`) at the same paths as the Node proxy,
 * `<site>/api/public/v1/...`, and also under its REST address space,
 * `<site>/wp-json/conf-widgets/api/public/v1/...` (`/index.php/wp-json/...` on sites without
 * pretty permalinks). Its duties, as proxy/ does them:
 * - only the contract's public and kiosk endpoints with their method; anything else 404 in the
 *   API's error shape, with no upstream call;
 * - the key injected upstream (X-API-Key) and scrubbed, in every form, from every answer
 *   (includes/secrets.php);
 * - reads cached in transients (shared by PHP workers; across servers with a persistent object
 *   cache): fresh for 30 s, then stale-while-revalidate 30 s, stale-if-error 24 h marked
 *   `X-Cache: stale`; ETag and 304;
 * - writes: Idempotency-Key (a replay gets the first answer, an attempt in progress 409, the key
 *   forwarded upstream), a rate limit per client address, JSON body caps;
 * - check-ins only with the kiosk token (hash_equals), failures locked out per address;
 * - optionally, a solved proof-of-work challenge on public writes (includes/challenge.php);
 * - CORS for this site's origin and the extra allowed origins.
 *
 * It runs on `plugins_loaded`, before the theme, the user and WordPress's REST server are set up,
 * and ends the request itself: a cached read costs WordPress's bootstrap and one transient read.
 *
 * @package ConfWidgets
 */

defined( 'ABSPATH' ) || exit;

/** Upstream timeout for reads and writes, in seconds. */
const CONF_WIDGETS_UPSTREAM_TIMEOUT = 10;
const CONF_WIDGETS_ALLOW_HEADERS    = 'Content-Type, Idempotency-Key, If-None-Match, X-Kiosk-Token, X-Conf-Challenge, Accept-Language';
const CONF_WIDGETS_EXPOSE_HEADERS   = 'ETag, X-Cache, Retry-After, Deprecation';

/** contract.json as an array. */
function conf_widgets_contract() {
	static $contract = null;
	if ( null === $contract ) {
		$text     = file_get_contents( dirname( CONF_WIDGETS_FILE ) . '/contract.json' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents
		$contract = is_string( $text ) ? json_decode( $text, true ) : null;
		if ( ! is_array( $contract ) || ! isset( $contract['prefix'], $contract['endpoints'] ) ) {
			$contract = array( 'prefix' => '/api/public/v1', 'endpoints' => array(), 'writeLimits' => array() );
		}
	}
	return $contract;
}

/** The read cache's policy, in seconds (the Node proxy's defaults). */
function conf_widgets_cache_policy() {
	/**
	 * Filters the read cache's policy: `ttl` (fresh), `swr` (served while one request refreshes
	 * it), `sie` (served, marked stale, while the API fails), in seconds.
	 */
	return apply_filters( 'conf_widgets_cache_policy', array( 'ttl' => 30, 'swr' => 30, 'sie' => 86400 ) );
}

/** The visitor's address, as the rate limits and the kiosk lockout count it. */
function conf_widgets_client_ip() {
	$ip = isset( $_SERVER['REMOTE_ADDR'] ) ? (string) $_SERVER['REMOTE_ADDR'] : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput
	/**
	 * Filters the client's address: behind a reverse proxy or CDN every visitor has its address;
	 * return the one your proxy vouches for (never a header a visitor can set).
	 */
	return (string) apply_filters( 'conf_widgets_client_ip', $ip );
}

/** A request header, or null. */
function conf_widgets_request_header( $name ) {
	$key = 'HTTP_' . strtoupper( str_replace( '-', '_', $name ) );
	if ( 'content-type' === strtolower( $name ) ) {
		$key = 'CONTENT_TYPE';
	}
	return isset( $_SERVER[ $key ] ) ? (string) wp_unslash( $_SERVER[ $key ] ) : null; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput
}

/**
 * What this request asks of the plugin: `array( 'api', <path below the API prefix> )`,
 * `array( 'upload', <kind> )` for `PUT /uploads/<kind>`, `array( 'challenge', '' )` for
 * `GET /challenge`, or null when it is not for the plugin.
 *
 * @return array|null
 */
function conf_widgets_api_request_route() {
	if ( ! isset( $_SERVER['REQUEST_URI'] ) ) {
		return null;
	}
	$path = (string) wp_parse_url( (string) $_SERVER['REQUEST_URI'], PHP_URL_PATH ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput
	$home = untrailingslashit( (string) wp_parse_url( home_url(), PHP_URL_PATH ) );
	$rest = '/' . rest_get_url_prefix() . '/conf-widgets';
	foreach ( array( '', $rest, '/index.php' . $rest ) as $base ) {
		$api = $home . $base . conf_widgets_contract()['prefix'] . '/';
		if ( 0 === strpos( $path, $api ) ) {
			return array( 'api', '/' . substr( $path, strlen( $api ) ) );
		}
		// Only PUT (and its preflight) is taken: a GET of /uploads/… stays WordPress's (a page may live there).
		$uploads = $home . $base . '/uploads/';
		$method  = isset( $_SERVER['REQUEST_METHOD'] ) ? strtoupper( (string) $_SERVER['REQUEST_METHOD'] ) : 'GET'; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput
		if ( in_array( $method, array( 'PUT', 'OPTIONS' ), true ) && 0 === strpos( $path, $uploads ) && 1 === preg_match( '#^[a-z-]{1,64}$#', substr( $path, strlen( $uploads ) ) ) ) {
			return array( 'upload', substr( $path, strlen( $uploads ) ) );
		}
		// The challenge while it is on. While it is off, the forms' fetch (which takes any type) is
		// answered 404, which tells them no challenge is asked for; a browser's navigation (which asks
		// for HTML) stays WordPress's, so a page of that name still shows.
		if ( $home . $base . CONF_WIDGETS_CHALLENGE_PATH === $path && in_array( $method, array( 'GET', 'HEAD', 'OPTIONS' ), true )
			&& ( conf_widgets_challenge_on() || false === stripos( (string) conf_widgets_request_header( 'Accept' ), 'text/html' ) ) ) {
			return array( 'challenge', '' );
		}
	}
	return null;
}

/** The base URL the elements on this site call (the API prefix is added by them). */
function conf_widgets_api_endpoint() {
	return untrailingslashit( home_url() );
}

/**
 * The `endpoint` the plugin writes on every shown conf-* tag in key mode when the site lives
 * below its domain's root (`https://host/blog/`): the elements' default, the origin that served
 * their script, would miss the site's path. Null when no attribute is needed (a site at its
 * domain's root, or proxy mode, where the proxy's script origin is the proxy).
 */
function conf_widgets_site_endpoint() {
	if ( 'key' !== conf_widgets_mode() ) {
		return null;
	}
	$path = untrailingslashit( (string) wp_parse_url( home_url(), PHP_URL_PATH ) );
	return '' === $path ? null : conf_widgets_api_endpoint();
}

add_action(
	'plugins_loaded',
	static function () {
		if ( 'key' !== conf_widgets_mode() ) {
			return;
		}
		$route = conf_widgets_api_request_route();
		if ( null !== $route ) {
			conf_widgets_api_serve( $route );
		}
	},
	1
);

/**
 * Sends an answer and ends the request.
 *
 * @param int    $status  HTTP status.
 * @param array  $headers Header name => value.
 * @param string $body    The body ('' for none).
 */
function conf_widgets_api_send( $status, $headers, $body ) {
	global $conf_widgets_cors;
	if ( ! headers_sent() ) {
		header_remove( 'X-Powered-By' );
		http_response_code( (int) $status );
		$headers['X-Content-Type-Options'] = 'nosniff';
		$headers['Vary']                   = isset( $headers['Vary'] ) ? $headers['Vary'] . ', Origin' : 'Origin';
		if ( is_array( $conf_widgets_cors ) ) {
			$headers = array_merge( $headers, $conf_widgets_cors );
		}
		if ( 304 !== $status && 204 !== $status ) {
			$headers['Content-Length'] = (string) strlen( $body );
		}
		foreach ( $headers as $name => $value ) {
			$value = conf_widgets_scrub_header( (string) $value );
			if ( null !== $value && 1 !== preg_match( '/[\r\n]/', $value ) ) {
				header( $name . ': ' . $value );
			}
		}
	}
	$head = isset( $_SERVER['REQUEST_METHOD'] ) && 'HEAD' === $_SERVER['REQUEST_METHOD'];
	if ( ! $head && 304 !== $status && 204 !== $status ) {
		echo $body; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- JSON, scrubbed.
	}
}

/** An answer in the API's error shape; the request ends. */
function conf_widgets_api_error( $status, $code, $message, $headers = array(), $details = null ) {
	$error = array(
		'code'    => $code,
		'message' => $message,
	);
	if ( null !== $details ) {
		$error['details'] = $details;
	}
	conf_widgets_api_send(
		$status,
		array_merge( array( 'Content-Type' => 'application/json; charset=utf-8', 'Cache-Control' => 'no-store' ), $headers ),
		conf_widgets_scrub( (string) wp_json_encode( array( 'error' => $error ), JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ) )
	);
	exit;
}

/** Answers one API or upload request (never returns). */
function conf_widgets_api_serve( $route ) {
	global $conf_widgets_cors;
	list( $type, $path ) = $route;
	$method  = isset( $_SERVER['REQUEST_METHOD'] ) ? strtoupper( (string) $_SERVER['REQUEST_METHOD'] ) : 'GET'; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput
	$origin  = conf_widgets_request_header( 'Origin' );
	$allowed = null !== $origin && in_array( $origin, conf_widgets_allowed_origins(), true );
	if ( $allowed ) {
		$conf_widgets_cors = array(
			'Access-Control-Allow-Origin'   => $origin,
			'Access-Control-Expose-Headers' => CONF_WIDGETS_EXPOSE_HEADERS,
		);
	}

	if ( 'OPTIONS' === $method ) {
		if ( null === $origin || null === conf_widgets_request_header( 'Access-Control-Request-Method' ) ) {
			conf_widgets_api_error( 404, 'not_found', 'No such endpoint on this proxy.' );
		}
		if ( ! $allowed ) {
			conf_widgets_api_error( 403, 'origin_not_allowed', 'This origin may not use this proxy.' );
		}
		conf_widgets_api_send(
			204,
			array(
				'Access-Control-Allow-Methods' => 'GET, HEAD, POST, PUT, OPTIONS',
				'Access-Control-Allow-Headers' => CONF_WIDGETS_ALLOW_HEADERS,
				'Access-Control-Max-Age'       => '600',
				'Vary'                         => 'Access-Control-Request-Method, Access-Control-Request-Headers',
			),
			''
		);
		exit;
	}
	if ( null !== $origin && ! $allowed && ! in_array( $method, array( 'GET', 'HEAD' ), true ) ) {
		conf_widgets_api_error( 403, 'origin_not_allowed', 'This origin may not use this proxy.' );
	}

	if ( 'challenge' === $type ) {
		if ( ! conf_widgets_challenge_on() ) {
			conf_widgets_api_error( 404, 'not_found', 'This site asks for no write challenge.' );
		}
		conf_widgets_api_challenge();
	}
	if ( 'upload' === $type ) {
		if ( ! isset( conf_widgets_contract()['uploads']['kinds'][ $path ] ) ) {
			conf_widgets_api_error( 404, 'not_found', 'No such upload kind.' );
		}
		conf_widgets_challenge_check();
		if ( '' === conf_widgets_api_key() || '' === conf_widgets_api_base() ) {
			conf_widgets_api_error( 503, 'service_unavailable', 'This site is not connected to the conference service yet.', array( 'Retry-After' => '60' ) );
		}
		conf_widgets_api_upload( $path );
		exit;
	}
	$endpoint = conf_widgets_find_endpoint( 'HEAD' === $method ? 'GET' : $method, $path );
	if ( null === $endpoint ) {
		conf_widgets_api_error( 404, 'not_found', 'No such endpoint on this proxy.' );
	}
	if ( '' === conf_widgets_api_key() || '' === conf_widgets_api_base() ) {
		conf_widgets_api_error( 503, 'service_unavailable', 'This site is not connected to the conference service yet.', array( 'Retry-After' => '60' ) );
	}
	if ( 'kiosk' === $endpoint['audience'] ) {
		conf_widgets_kiosk_check();
	}
	if ( 'GET' === $endpoint['method'] ) {
		conf_widgets_api_read( $endpoint, $path . conf_widgets_canonical_query( $endpoint ) );
	} else {
		conf_widgets_api_write( $endpoint, $path );
	}
	exit;
}

/** The contract's endpoint for a method and path, or null. */
function conf_widgets_find_endpoint( $method, $path ) {
	foreach ( conf_widgets_contract()['endpoints'] as $endpoint ) {
		if ( $endpoint['method'] === $method && 'server' !== $endpoint['audience'] && 1 === preg_match( $endpoint['pattern'], $path ) ) {
			return $endpoint;
		}
	}
	return null;
}

/**
 * Only the query parameters the contract lists, sorted: `?bust=1` cannot defeat the cache.
 *
 * @param array $endpoint The endpoint.
 * @return string '' or '?a=1&b=2'.
 */
function conf_widgets_canonical_query( $endpoint ) {
	$raw = isset( $_SERVER['QUERY_STRING'] ) ? (string) $_SERVER['QUERY_STRING'] : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput
	if ( '' === $raw || empty( $endpoint['query'] ) ) {
		return '';
	}
	$params = array();
	foreach ( explode( '&', $raw ) as $pair ) {
		$parts = explode( '=', $pair, 2 );
		$name  = rawurldecode( str_replace( '+', ' ', $parts[0] ) );
		if ( in_array( $name, $endpoint['query'], true ) && ! isset( $params[ $name ] ) ) {
			$params[ $name ] = isset( $parts[1] ) ? rawurldecode( str_replace( '+', ' ', $parts[1] ) ) : '';
		}
	}
	$query = array();
	foreach ( $params as $name => $value ) {
		if ( '' === $value && 'include' === $name ) {
			continue;
		}
		if ( 1 !== preg_match( '/^[A-Za-z0-9_.,-]{1,64}$/', $value ) ) {
			conf_widgets_api_error( 400, 'invalid_query', "Query parameter $name has an invalid value." );
		}
		$query[ $name ] = $value;
	}
	ksort( $query );
	return $query ? '?' . http_build_query( $query, '', '&', PHP_QUERY_RFC3986 ) : '';
}

/** A query parameter as sent (the first of its name), or null. */
function conf_widgets_query_param( $name ) {
	$raw = isset( $_SERVER['QUERY_STRING'] ) ? (string) $_SERVER['QUERY_STRING'] : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput
	foreach ( explode( '&', $raw ) as $pair ) {
		$parts = explode( '=', $pair, 2 );
		if ( rawurldecode( str_replace( '+', ' ', $parts[0] ) ) === $name ) {
			return isset( $parts[1] ) ? rawurldecode( str_replace( '+', ' ', $parts[1] ) ) : '';
		}
	}
	return null;
}

/**
 * A fixed-window counter in a transient: counts one, and answers whether it is over `$max`, and
 * the seconds left in the window. Not atomic across workers: a burst may pass a few over.
 */
function conf_widgets_count( $name, $max, $window ) {
	$now   = time();
	$entry = get_transient( $name );
	if ( ! is_array( $entry ) || $entry['reset'] <= $now ) {
		$entry = array( 'count' => 0, 'reset' => $now + $window );
	}
	++$entry['count'];
	set_transient( $name, $entry, max( 1, $entry['reset'] - $now ) );
	return array( $entry['count'] > $max, max( 1, $entry['reset'] - $now ) );
}

/** Check-ins need the kiosk token; wrong tokens are counted and lock the address out. */
function conf_widgets_kiosk_check() {
	$address = 'cfw_kf_' . md5( conf_widgets_client_ip() );
	$fails   = get_transient( $address );
	if ( is_array( $fails ) && $fails['count'] >= 10 && $fails['reset'] > time() ) {
		conf_widgets_api_error( 429, 'rate_limited', 'Too many wrong kiosk tokens from this address; try again later.', array( 'Retry-After' => (string) ( $fails['reset'] - time() ) ) );
	}
	$token     = conf_widgets_kiosk_token();
	$presented = conf_widgets_request_header( 'X-Kiosk-Token' );
	if ( '' !== $token && null !== $presented && hash_equals( $token, $presented ) ) {
		return;
	}
	if ( null !== $presented ) {
		conf_widgets_count( $address, 10, 600 );
	}
	conf_widgets_api_error( 401, 'kiosk_token_required', 'Check-ins need this kiosk\'s token (X-Kiosk-Token).' );
}

/**
 * A claim on a name that only one request can hold at a time (INSERT IGNORE into the options
 * table, atomic in the database every PHP worker shares), with an expiry.
 */
function conf_widgets_claim( $name, $seconds, $value = array() ) {
	global $wpdb;
	$row = wp_json_encode( array( 'expires' => time() + $seconds ) + $value );
	for ( $attempt = 0; $attempt < 2; $attempt++ ) {
		$inserted = $wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'no')", $name, $row ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		if ( 1 === $inserted ) {
			return null;
		}
		$existing = conf_widgets_claim_read( $name );
		if ( null !== $existing ) {
			return $existing;
		}
		conf_widgets_claim_release( $name ); // Expired: take it over.
	}
	return array( 'state' => 'pending' );
}

/** A claim's stored value when it has not expired, or null. */
function conf_widgets_claim_read( $name ) {
	global $wpdb;
	$text  = $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", $name ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	$value = is_string( $text ) ? json_decode( $text, true ) : null;
	return is_array( $value ) && isset( $value['expires'] ) && $value['expires'] > time() ? $value : null;
}

/** Updates a held claim. */
function conf_widgets_claim_update( $name, $seconds, $value ) {
	global $wpdb;
	$wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->options} SET option_value = %s WHERE option_name = %s", wp_json_encode( array( 'expires' => time() + $seconds ) + $value ), $name ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
}

/** Gives up a claim. */
function conf_widgets_claim_release( $name ) {
	global $wpdb;
	$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name = %s", $name ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
}

/**
 * Calls the API with the key.
 *
 * @return array|WP_Error status, body, type, headers (lower-case names).
 */
function conf_widgets_upstream( $method, $target, $headers = array(), $body = null, $timeout = CONF_WIDGETS_UPSTREAM_TIMEOUT ) {
	$args = array(
		'method'      => $method,
		'timeout'     => $timeout,
		'redirection' => 0,
		'user-agent'  => 'conf-widgets-wordpress/' . CONF_WIDGETS_VERSION,
		'headers'     => array_merge( $headers, array( 'Accept' => 'application/json', 'X-API-Key' => conf_widgets_api_key() ) ),
	);
	if ( null !== $body ) {
		$args['body'] = $body;
	}
	$started  = microtime( true );
	$response = wp_remote_request( conf_widgets_api_base() . conf_widgets_contract()['prefix'] . $target, $args );
	if ( is_wp_error( $response ) ) {
		return $response;
	}
	$out = array(
		'status'  => (int) wp_remote_retrieve_response_code( $response ),
		'body'    => (string) wp_remote_retrieve_body( $response ),
		'type'    => (string) wp_remote_retrieve_header( $response, 'content-type' ),
		'headers' => array(),
		'ms'      => (int) round( ( microtime( true ) - $started ) * 1000 ),
	);
	foreach ( array( 'deprecation', 'sunset', 'link', 'retry-after' ) as $name ) {
		$value = wp_remote_retrieve_header( $response, $name );
		if ( is_string( $value ) && '' !== $value ) {
			$out['headers'][ ucwords( $name, '-' ) ] = $value;
		}
	}
	return $out;
}

/** Whether a transport error happened before anything reached the API (connection refused, no such host). */
function conf_widgets_never_sent( WP_Error $error ) {
	return 1 === preg_match( '/cURL error (6|7):|Could not resolve|Connection refused|Failed to connect/i', $error->get_error_message() );
}

/** A transport error as the API's error shape: 504 on a timeout, else 502. */
function conf_widgets_transport_error( WP_Error $error ) {
	if ( 1 === preg_match( '/cURL error 28|timed out/i', $error->get_error_message() ) ) {
		return array( 504, 'gateway_timeout', 'The conference service did not answer in time.' );
	}
	return array( 502, 'bad_gateway', 'The conference service could not be reached.' );
}

/**
 * An upstream answer as it may be passed on: [status, headers, body], or null when it must
 * become a 502 (a redirect, an error not in the API's shape, a success that is not JSON, a body
 * holding a secret that cannot be cleaned out).
 */
function conf_widgets_answer_of( $answer ) {
	$status = $answer['status'];
	if ( $status >= 300 && $status < 400 ) {
		return null;
	}
	$media = strtolower( trim( explode( ';', $answer['type'] )[0] ) );
	$json  = 1 === preg_match( '#^application/([a-z.+-]*\+)?json$#', $media );
	if ( $status >= 400 ) {
		$decoded = json_decode( $answer['body'], true );
		if ( ! is_array( $decoded ) || ! isset( $decoded['error']['code'], $decoded['error']['message'] ) || ! is_string( $decoded['error']['code'] ) ) {
			return null;
		}
	} elseif ( '' !== $answer['body'] && ! $json ) {
		return null;
	}
	$body = conf_widgets_scrub_body( $answer['body'] );
	if ( null === $body ) {
		return null;
	}
	$headers = array( 'Content-Type' => ( $json ? $media : 'application/json' ) . '; charset=utf-8' );
	foreach ( $answer['headers'] as $name => $value ) {
		$headers[ $name ] = $value;
	}
	return array( $status, $headers, $body );
}

/** Sends an upstream answer on, uncached. */
function conf_widgets_send_answer( $answer, $extra = array() ) {
	$passed = conf_widgets_answer_of( $answer );
	if ( null === $passed ) {
		conf_widgets_api_error( 502, 'bad_gateway', 'The conference service sent an unexpected answer.', $extra );
	}
	conf_widgets_api_send( $passed[0], array_merge( $passed[1], array( 'Cache-Control' => 'no-store' ), $extra ), $passed[2] );
}

/** A strong validator from the body: the Node proxy's (first 16 bytes of SHA-256, base64url). */
function conf_widgets_etag( $body ) {
	return '"' . rtrim( strtr( base64_encode( substr( hash( 'sha256', $body, true ), 0, 16 ) ), '+/', '-_' ), '=' ) . '"'; // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode
}

/** RFC 9110 weak comparison of If-None-Match with an ETag. */
function conf_widgets_etag_matches( $if_none_match, $etag ) {
	if ( null === $if_none_match || '' === trim( $if_none_match ) ) {
		return false;
	}
	if ( '*' === trim( $if_none_match ) ) {
		return true;
	}
	$bare = preg_replace( '#^W/#', '', $etag );
	foreach ( explode( ',', $if_none_match ) as $tag ) {
		if ( preg_replace( '#^W/#', '', trim( $tag ) ) === $bare ) {
			return true;
		}
	}
	return false;
}

/** Serves a cached entry: 304 when the browser holds it. `$state`: hit, miss or stale. */
function conf_widgets_send_entry( $entry, $state ) {
	$policy  = conf_widgets_cache_policy();
	$headers = array_merge(
		$entry['headers'],
		array(
			'ETag'          => $entry['etag'],
			'Cache-Control' => 'stale' === $state || $policy['ttl'] <= 0
				? 'no-cache'
				: sprintf( 'public, max-age=%d, stale-while-revalidate=%d, stale-if-error=%d', max( 0, (int) floor( $entry['stored'] + $policy['ttl'] - microtime( true ) ) ), $policy['swr'], $policy['sie'] ),
			'X-Cache'       => $state,
		)
	);
	if ( conf_widgets_etag_matches( conf_widgets_request_header( 'If-None-Match' ), $entry['etag'] ) ) {
		conf_widgets_api_send( 304, $headers, '' );
		return;
	}
	conf_widgets_api_send( 200, array_merge( array( 'Content-Type' => $entry['type'] ), $headers ), $entry['body'] );
}

/**
 * Asks the API for a read and stores a 200 in the cache.
 *
 * @return array|WP_Error ['entry' => …] or ['answer' => …].
 */
function conf_widgets_fill( $target, $cache_key ) {
	// Nothing of the visitor's request goes with a read: its answer is shared by every visitor.
	$answer = conf_widgets_upstream( 'GET', $target );
	if ( is_wp_error( $answer ) ) {
		return $answer;
	}
	if ( 200 !== $answer['status'] ) {
		return array( 'answer' => $answer );
	}
	$passed = conf_widgets_answer_of( $answer );
	if ( null === $passed ) {
		return array( 'answer' => $answer );
	}
	$policy = conf_widgets_cache_policy();
	$entry  = array(
		'body'    => $passed[2],
		'type'    => $passed[1]['Content-Type'],
		'etag'    => conf_widgets_etag( $passed[2] ),
		'stored'  => microtime( true ),
		'headers' => array_diff_key( $passed[1], array( 'Content-Type' => 1, 'Retry-After' => 1 ) ),
	);
	if ( $policy['ttl'] > 0 ) {
		set_transient( $cache_key, $entry, (int) ( $policy['ttl'] + max( $policy['swr'], $policy['sie'] ) ) );
	}
	return array( 'entry' => $entry );
}

/** A GET through the cache. */
function conf_widgets_api_read( $endpoint, $target ) {
	$policy = conf_widgets_cache_policy();
	$key    = 'cfw_r_' . md5( $target );
	$entry  = $policy['ttl'] > 0 ? get_transient( $key ) : false;
	$age    = is_array( $entry ) ? microtime( true ) - $entry['stored'] : INF;
	if ( is_array( $entry ) && $age < $policy['ttl'] ) {
		conf_widgets_send_entry( $entry, 'hit' );
		return;
	}
	if ( is_array( $entry ) && $age < $policy['ttl'] + $policy['swr'] ) {
		// Served at once; then one request (the one holding the claim) refreshes it after the
		// answer has left (Content-Length sent, output flushed).
		conf_widgets_send_entry( $entry, 'hit' );
		if ( null === conf_widgets_claim( 'cfw_fill_' . md5( $target ), CONF_WIDGETS_UPSTREAM_TIMEOUT + 5 ) ) {
			if ( function_exists( 'fastcgi_finish_request' ) ) {
				fastcgi_finish_request();
			} else {
				flush();
			}
			ignore_user_abort( true );
			conf_widgets_fill( $target, $key );
			conf_widgets_claim_release( 'cfw_fill_' . md5( $target ) );
		}
		return;
	}
	$fallback = is_array( $entry ) && $age < $policy['ttl'] + $policy['sie'] ? $entry : null;
	// One request per target asks the API; others arriving meanwhile wait for its entry (up to 5 s).
	$lock = 'cfw_fill_' . md5( $target );
	if ( null !== conf_widgets_claim( $lock, CONF_WIDGETS_UPSTREAM_TIMEOUT + 5 ) ) {
		for ( $i = 0; $i < 100; $i++ ) {
			usleep( 50000 );
			// get_transient() remembers within the request what it read (and what was missing).
			foreach ( array( 'notoptions', '_transient_' . $key, '_transient_timeout_' . $key ) as $cached ) {
				wp_cache_delete( $cached, 'options' );
			}
			$fresh = get_transient( $key );
			if ( is_array( $fresh ) && microtime( true ) - $fresh['stored'] < $policy['ttl'] ) {
				conf_widgets_send_entry( $fresh, 'hit' );
				return;
			}
			if ( null === conf_widgets_claim_read( $lock ) ) {
				break;
			}
		}
	}
	$loaded = conf_widgets_fill( $target, $key );
	conf_widgets_claim_release( $lock );
	if ( is_wp_error( $loaded ) ) {
		if ( null !== $fallback ) {
			conf_widgets_send_entry( $fallback, 'stale' );
			return;
		}
		list( $status, $code, $message ) = conf_widgets_transport_error( $loaded );
		conf_widgets_api_error( $status, $code, $message );
	}
	if ( isset( $loaded['entry'] ) ) {
		conf_widgets_send_entry( $loaded['entry'], 'miss' );
		return;
	}
	if ( null !== $fallback && ( $loaded['answer']['status'] >= 500 || 429 === $loaded['answer']['status'] ) ) {
		conf_widgets_send_entry( $fallback, 'stale' );
		return;
	}
	conf_widgets_send_answer( $loaded['answer'], array( 'X-Cache' => 'miss' ) );
}

/** The write limits (per client address) an endpoint counts against; 429 when over. */
function conf_widgets_write_limit( $endpoint ) {
	$limits = conf_widgets_contract()['writeLimits'];
	/** Filters the write limits (contract.json's `writeLimits`: a ceiling and one window per kind). */
	$limits = apply_filters( 'conf_widgets_write_limits', $limits );
	$who    = md5( conf_widgets_client_ip() );
	$checks = array();
	if ( isset( $limits['ceiling'] ) ) {
		$checks[ 'cfw_w_all_' . $who ] = $limits['ceiling'];
	}
	$kind = $endpoint['writeKind'];
	if ( null !== $kind && isset( $limits['kinds'][ $kind ] ) ) {
		$checks[ 'cfw_w_' . $kind . '_' . $who ] = $limits['kinds'][ $kind ];
	}
	foreach ( $checks as $name => $limit ) {
		list( $over, $retry ) = conf_widgets_count( $name, (int) $limit['max'], (int) $limit['windowSeconds'] );
		if ( $over ) {
			conf_widgets_api_error( 429, 'rate_limited', 'Too many submissions from this address; try again later.', array( 'Retry-After' => (string) $retry ) );
		}
	}
}

/** The request's JSON body, within the endpoint's cap (413), as JSON (415, 400). */
function conf_widgets_read_json_body( $endpoint ) {
	$type = strtolower( trim( explode( ';', (string) conf_widgets_request_header( 'Content-Type' ) )[0] ) );
	if ( 'application/json' !== $type ) {
		conf_widgets_api_error( 415, 'unsupported_media_type', 'Send the body as application/json.' );
	}
	$cap    = (int) $endpoint['maxBodyBytes'];
	$length = conf_widgets_request_header( 'Content-Length' );
	if ( null === $length && isset( $_SERVER['CONTENT_LENGTH'] ) ) {
		$length = (string) $_SERVER['CONTENT_LENGTH']; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput
	}
	$too_large = array( 413, 'payload_too_large', "The body is larger than $cap bytes.", array(), array( 'maxBytes' => $cap ) );
	if ( null !== $length && (int) $length > $cap ) {
		conf_widgets_api_error( ...$too_large );
	}
	$input = fopen( 'php://input', 'rb' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fopen
	$body  = false === $input ? '' : (string) stream_get_contents( $input, $cap + 1 );
	if ( strlen( $body ) > $cap ) {
		conf_widgets_api_error( ...$too_large );
	}
	json_decode( $body );
	if ( '' === $body || JSON_ERROR_NONE !== json_last_error() ) {
		conf_widgets_api_error( 400, 'invalid_json', 'The body is not valid JSON.' );
	}
	return $body;
}

/** A POST: limits, body, Idempotency-Key, forwarded. */
function conf_widgets_api_write( $endpoint, $target ) {
	if ( 'kiosk' !== $endpoint['audience'] ) {
		conf_widgets_challenge_check();
		conf_widgets_write_limit( $endpoint );
	}
	$type = strtolower( trim( explode( ';', (string) conf_widgets_request_header( 'Content-Type' ) )[0] ) );
	if ( ! empty( $endpoint['files'] ) && 'multipart/form-data' === $type ) {
		list( $body, $body_type, $fingerprint_source ) = conf_widgets_read_form_body( $endpoint );
	} else {
		$body               = conf_widgets_read_json_body( $endpoint );
		$body_type          = 'application/json';
		$fingerprint_source = $body;
	}
	$headers = array( 'Content-Type' => $body_type );
	$lang    = conf_widgets_request_header( 'Accept-Language' );
	if ( null !== $lang && strlen( $lang ) <= 256 ) {
		$headers['Accept-Language'] = $lang;
	}
	$idem = conf_widgets_request_header( 'Idempotency-Key' );
	if ( null === $idem ) {
		$answer = conf_widgets_upstream( 'POST', $target, $headers, $body );
		if ( is_wp_error( $answer ) ) {
			list( $status, $code, $message ) = conf_widgets_transport_error( $answer );
			conf_widgets_api_error( $status, $code, $message );
		}
		conf_widgets_send_answer( $answer );
		return;
	}
	if ( 1 !== preg_match( '/^[\x21-\x7e]{1,255}$/', $idem ) ) {
		conf_widgets_api_error( 400, 'validation_failed', 'Idempotency-Key must be 1 to 255 visible ASCII characters.', array(), array( 'fields' => array( 'Idempotency-Key' => 'invalid' ) ) );
	}
	// Per endpoint and key; the body's fingerprint tells a replay from a reuse.
	$name        = 'cfw_idem_' . hash( 'sha256', $target . "\n" . $idem . "\n" );
	$fingerprint = hash( 'sha256', "POST\n" . $target . "\n" . $fingerprint_source . "\n" );
	$ttl         = DAY_IN_SECONDS;
	$existing    = conf_widgets_claim( $name, CONF_WIDGETS_UPSTREAM_TIMEOUT + 5, array( 'state' => 'pending', 'fingerprint' => $fingerprint ) );
	if ( null !== $existing ) {
		if ( isset( $existing['fingerprint'] ) && $existing['fingerprint'] !== $fingerprint ) {
			conf_widgets_api_error( 422, 'idempotency_key_reused', 'This Idempotency-Key was already used for a different request.' );
		}
		if ( isset( $existing['state'], $existing['answer'] ) && 'done' === $existing['state'] ) {
			$a = $existing['answer'];
			conf_widgets_api_send( (int) $a['status'], array_merge( (array) $a['headers'], array( 'Content-Type' => $a['type'], 'Cache-Control' => 'no-store', 'Idempotent-Replayed' => 'true' ) ), (string) $a['body'] );
			return;
		}
		conf_widgets_api_error( 409, 'idempotency_in_progress', 'A request with this Idempotency-Key is still being processed; try again in a moment.', array( 'Retry-After' => '1' ) );
	}
	$headers['Idempotency-Key'] = $idem;
	$answer                     = conf_widgets_upstream( 'POST', $target, $headers, $body );
	if ( is_wp_error( $answer ) ) {
		if ( conf_widgets_never_sent( $answer ) ) {
			conf_widgets_claim_release( $name );
			list( $status, $code, $message ) = conf_widgets_transport_error( $answer );
			conf_widgets_api_error( $status, $code, $message );
		}
		$stored = conf_widgets_unknown_outcome();
	} elseif ( 429 === $answer['status'] || 503 === $answer['status'] || ( 409 === $answer['status'] && false !== strpos( $answer['body'], '"idempotency_in_progress"' ) ) ) {
		// Not processed: forgotten, so the browser's retry is forwarded again.
		conf_widgets_claim_release( $name );
		conf_widgets_send_answer( $answer );
		return;
	} elseif ( $answer['status'] >= 500 ) {
		$stored = conf_widgets_unknown_outcome();
	} else {
		$passed = conf_widgets_answer_of( $answer );
		$stored = null === $passed ? conf_widgets_unknown_outcome() : array(
			'status'  => $passed[0],
			'type'    => $passed[1]['Content-Type'],
			'headers' => array_diff_key( $passed[1], array( 'Content-Type' => 1 ) ),
			'body'    => $passed[2],
		);
	}
	conf_widgets_claim_update( $name, $ttl, array( 'state' => 'done', 'fingerprint' => $fingerprint, 'answer' => $stored ) );
	conf_widgets_api_send( $stored['status'], array_merge( $stored['headers'], array( 'Content-Type' => $stored['type'], 'Cache-Control' => 'no-store' ) ), $stored['body'] );
}

/**
 * What a write whose outcome is unknown (a timeout, a lost answer, a 5xx) answers, now and to
 * every repeat: it may have been recorded, so it is not sent again under the same key.
 */
function conf_widgets_unknown_outcome() {
	return array(
		'status'  => 502,
		'type'    => 'application/json; charset=utf-8',
		'headers' => array(),
		'body'    => (string) wp_json_encode( array( 'error' => array( 'code' => 'outcome_unknown', 'message' => 'The conference service did not confirm this request, and it may have been recorded. Check for a confirmation before sending it again.' ) ) ),
	);
}

/** Expired idempotency records and claims, removed once a day. */
add_action(
	'conf_widgets_cleanup',
	static function () {
		global $wpdb;
		$rows = $wpdb->get_results( "SELECT option_name, option_value FROM {$wpdb->options} WHERE option_name LIKE 'cfw\\_idem\\_%' OR option_name LIKE 'cfw\\_fill\\_%' OR option_name LIKE 'cfw\\_ch\\_%' LIMIT 5000" ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		foreach ( $rows as $row ) {
			$value = json_decode( $row->option_value, true );
			if ( ! is_array( $value ) || ! isset( $value['expires'] ) || $value['expires'] <= time() ) {
				conf_widgets_claim_release( $row->option_name );
			}
		}
	}
);
add_action(
	'init',
	static function () {
		if ( ! wp_next_scheduled( 'conf_widgets_cleanup' ) ) {
			wp_schedule_event( time() + HOUR_IN_SECONDS, 'daily', 'conf_widgets_cleanup' );
		}
	}
);

/**
 * Settings → Conference widgets → Test connection: asks /health with the stored key and says
 * what is wrong in words.
 *
 * @return array{ok: bool, message: string}
 */
function conf_widgets_test_connection() {
	$base = conf_widgets_api_base();
	if ( '' === $base || '' === conf_widgets_api_key() ) {
		return array( 'ok' => false, 'message' => __( 'Enter the API base URL and the API key, save, then test.', 'conf-widgets' ) );
	}
	$answer = conf_widgets_upstream( 'GET', conf_widgets_contract()['health'] ?? '/health', array(), null, 10 );
	if ( is_wp_error( $answer ) ) {
		/* translators: 1: the API's URL, 2: the transport's error. */
		return array( 'ok' => false, 'message' => sprintf( __( 'Could not reach %1$s: %2$s. Check the API base URL, and that this server may make outgoing HTTPS requests.', 'conf-widgets' ), $base, $answer->get_error_message() ) );
	}
	$status  = $answer['status'];
	$decoded = json_decode( $answer['body'], true );
	$code    = is_array( $decoded ) && isset( $decoded['error']['code'] ) && is_string( $decoded['error']['code'] ) ? $decoded['error']['code'] : '';
	if ( $status >= 200 && $status < 300 ) {
		return array( 'ok' => true, 'message' => __( 'Connected: the API accepts this key.', 'conf-widgets' ) );
	}
	$words = array(
		'api_key_revoked'     => __( 'The API refused the key (401): it was revoked. Create a new key and paste it here.', 'conf-widgets' ),
		'api_key_expired'     => __( 'The API refused the key (401): it has expired. Create a new key and paste it here.', 'conf-widgets' ),
		'plan_ended'          => __( 'The API refused the key (403): the conference\'s plan has ended. Renew the plan, then test again.', 'conf-widgets' ),
		'conference_inactive' => __( 'The API refused the key (403): the conference is not active.', 'conf-widgets' ),
	);
	if ( isset( $words[ $code ] ) ) {
		return array( 'ok' => false, 'message' => $words[ $code ] );
	}
	if ( 401 === $status ) {
		return array( 'ok' => false, 'message' => __( 'The API refused the key (401): it is not a valid key. Check that it was pasted whole.', 'conf-widgets' ) );
	}
	if ( 403 === $status ) {
		return array( 'ok' => false, 'message' => __( 'The API refused the key (403): it may not be used for this conference.', 'conf-widgets' ) );
	}
	if ( 404 === $status ) {
		return array( 'ok' => false, 'message' => __( 'No conference API at this address (404): check the API base URL.', 'conf-widgets' ) );
	}
	if ( $status >= 300 && $status < 400 ) {
		return array( 'ok' => false, 'message' => __( 'The API base URL redirects elsewhere: enter the address it redirects to.', 'conf-widgets' ) );
	}
	/* translators: %d: HTTP status. */
	return array( 'ok' => false, 'message' => sprintf( __( 'The API answered HTTP %d: it may be down or busy; try again in a few minutes.', 'conf-widgets' ), $status ) );
}

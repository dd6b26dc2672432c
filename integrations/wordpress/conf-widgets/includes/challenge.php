<?php
/**
 * Key mode: the optional proof-of-work challenge on public writes, as the Node proxy's
 * (proxy/middleware/write-challenge.ts) has it, off by default (Settings → Conference widgets).
 * `GET <site>/challenge` hands out a challenge in ALTCHA's v2 format, which the forms solve
 * (src/api/write-challenge.ts): a random nonce and salt, a counter picked at random between
 * difficulty/2 and difficulty, the first half of the key that counter derives
 * (SHA-256 of salt ‖ nonce ‖ counter as 4 bytes, big-endian), the HMAC of that key, and the HMAC
 * of the parameters as JSON with sorted keys. Checking an answer costs two HMACs.
 *
 * Public writes (the contract's public POSTs and `PUT /uploads/<kind>`; never kiosk check-ins) then
 * need `X-Conf-Challenge` (base64 of `{"challenge":{"parameters","signature"},"solution":{"counter","derivedKey"}}`),
 * else 428 `challenge_required` with `details.reason` (missing, malformed, invalid, expired, used),
 * before the body is read or anything forwarded. Each challenge is good for one write: its nonce
 * is claimed (an atomic insert in the database every PHP worker shares) until it expires.
 *
 * @package ConfWidgets
 */

defined( 'ABSPATH' ) || exit;

const CONF_WIDGETS_CHALLENGE_OPTION        = 'conf_widgets_write_challenge';
const CONF_WIDGETS_CHALLENGE_SECRET_OPTION = 'conf_widgets_challenge_secret';
const CONF_WIDGETS_CHALLENGE_PATH          = '/challenge';
/** The Node proxy's defaults (WRITE_CHALLENGE_DEFAULTS): largest counter, and 20 minutes to use a challenge. */
const CONF_WIDGETS_CHALLENGE_DIFFICULTY = 50000;
const CONF_WIDGETS_CHALLENGE_TTL        = 1200;

/** The setting: `on` (bool) and `difficulty` (the largest counter). */
function conf_widgets_challenge_setting() {
	$value = get_option( CONF_WIDGETS_CHALLENGE_OPTION, array() );
	$value = is_array( $value ) ? $value : array();
	return array(
		'on'         => ! empty( $value['on'] ),
		'difficulty' => isset( $value['difficulty'] ) && is_int( $value['difficulty'] ) && $value['difficulty'] >= 1 ? $value['difficulty'] : CONF_WIDGETS_CHALLENGE_DIFFICULTY,
	);
}

/** Whether public writes need a solved challenge. */
function conf_widgets_challenge_on() {
	return conf_widgets_challenge_setting()['on'];
}

/**
 * The HMAC secret challenges are signed with: made once, at random, and kept (as an array, so the
 * all-options screen does not print it; scrubbed from answers like the key).
 */
function conf_widgets_challenge_secret() {
	$secret = conf_widgets_challenge_stored_secret();
	if ( '' === $secret ) {
		$secret = bin2hex( random_bytes( 32 ) );
		// add_option fails when another request stored one first: then that one is used.
		if ( ! add_option( CONF_WIDGETS_CHALLENGE_SECRET_OPTION, array( 'value' => $secret ), '', 'yes' ) ) {
			wp_cache_delete( CONF_WIDGETS_CHALLENGE_SECRET_OPTION, 'options' );
			wp_cache_delete( 'alloptions', 'options' );
			$secret = conf_widgets_challenge_stored_secret();
		}
	}
	return $secret;
}

/** The stored challenge secret, or '' (none made yet): scrubbed from answers like the key. */
function conf_widgets_challenge_stored_secret() {
	return conf_widgets_stored_secret( CONF_WIDGETS_CHALLENGE_SECRET_OPTION );
}

/** The derived key's signing secret: another than the challenge's (the Node proxy's keySecretOf). */
function conf_widgets_challenge_key_secret( $secret ) {
	return hash_hmac( 'sha256', 'conf-widgets challenge key', $secret );
}

/** Challenge parameters as signed: JSON with sorted keys (ALTCHA's canonical JSON). */
function conf_widgets_challenge_json( $parameters ) {
	ksort( $parameters, SORT_STRING );
	return (string) wp_json_encode( $parameters, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
}

/** A new signed challenge (the `data` of `GET /challenge`). */
function conf_widgets_new_challenge() {
	$setting    = conf_widgets_challenge_setting();
	$secret     = conf_widgets_challenge_secret();
	$max        = $setting['difficulty'];
	$low        = max( 1, (int) floor( $max / 2 ) );
	$counter    = random_int( $low, max( $low, $max ) );
	$nonce      = random_bytes( 16 );
	$salt       = random_bytes( 16 );
	$key        = hash( 'sha256', $salt . $nonce . pack( 'N', $counter ), true );
	$parameters = array(
		'algorithm'    => 'SHA-256',
		'cost'         => 1,
		'expiresAt'    => time() + CONF_WIDGETS_CHALLENGE_TTL,
		'keyLength'    => 32,
		'keyPrefix'    => bin2hex( substr( $key, 0, 16 ) ),
		'keySignature' => hash_hmac( 'sha256', $key, conf_widgets_challenge_key_secret( $secret ) ),
		'nonce'        => bin2hex( $nonce ),
		'salt'         => bin2hex( $salt ),
	);
	return array(
		'parameters' => $parameters,
		'signature'  => hash_hmac( 'sha256', conf_widgets_challenge_json( $parameters ), $secret ),
	);
}

/** `GET /challenge` (never returns). */
function conf_widgets_api_challenge() {
	conf_widgets_api_send(
		200,
		array( 'Content-Type' => 'application/json; charset=utf-8', 'Cache-Control' => 'no-store' ),
		(string) wp_json_encode( array( 'data' => conf_widgets_new_challenge() ), JSON_UNESCAPED_SLASHES )
	);
	exit;
}

/** 428 `challenge_required` for a reason (the Node proxy's words); the request ends. */
function conf_widgets_challenge_refuse( $reason ) {
	$messages = array(
		'missing'   => 'This proxy asks for a solved challenge with each submission; reload the page and try again.',
		'malformed' => 'The challenge answer could not be read; reload the page and try again.',
		'invalid'   => 'The challenge answer is not valid; reload the page and try again.',
		'expired'   => 'The challenge expired; please submit again.',
		'used'      => 'This challenge was already used; please submit again.',
	);
	conf_widgets_api_error( 428, 'challenge_required', $messages[ $reason ], array(), array( 'reason' => $reason, 'challenge' => CONF_WIDGETS_CHALLENGE_PATH ) );
}

/** The header's JSON with the shapes the check relies on, or null. */
function conf_widgets_challenge_payload( $header ) {
	if ( strlen( $header ) > 4096 || 1 !== preg_match( '#^[A-Za-z0-9+/_-]+={0,2}$#', $header ) ) {
		return null;
	}
	$json  = base64_decode( strtr( $header, '-_', '+/' ), true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode
	$value = is_string( $json ) ? json_decode( $json, true ) : null;
	if ( ! is_array( $value ) || ! isset( $value['challenge'], $value['solution'] ) || ! is_array( $value['challenge'] ) || ! is_array( $value['solution'] ) ) {
		return null;
	}
	$parameters = $value['challenge']['parameters'] ?? null;
	if ( ! is_array( $parameters ) || array_values( $parameters ) === $parameters || ! isset( $value['challenge']['signature'] ) || ! is_string( $value['challenge']['signature'] ) ) {
		return null;
	}
	foreach ( array( 'nonce', 'salt', 'keyPrefix' ) as $name ) {
		if ( ! isset( $parameters[ $name ] ) || ! is_string( $parameters[ $name ] ) ) {
			return null;
		}
	}
	if ( 'SHA-256' !== ( $parameters['algorithm'] ?? null ) || ! isset( $parameters['expiresAt'] ) || ! is_int( $parameters['expiresAt'] ) ) {
		return null;
	}
	return $value;
}

/** Public writes need a solved, unused challenge while the setting is on. */
function conf_widgets_challenge_check() {
	if ( ! conf_widgets_challenge_on() ) {
		return;
	}
	$header = conf_widgets_request_header( 'X-Conf-Challenge' );
	if ( null === $header || '' === trim( $header ) ) {
		conf_widgets_challenge_refuse( 'missing' );
	}
	$payload = conf_widgets_challenge_payload( trim( $header ) );
	if ( null === $payload ) {
		conf_widgets_challenge_refuse( 'malformed' );
	}
	$parameters = $payload['challenge']['parameters'];
	$solution   = $payload['solution'];
	if ( $parameters['expiresAt'] < time() ) {
		conf_widgets_challenge_refuse( 'expired' );
	}
	$secret = conf_widgets_challenge_secret();
	if ( ! hash_equals( hash_hmac( 'sha256', conf_widgets_challenge_json( $parameters ), $secret ), strtolower( $payload['challenge']['signature'] ) ) ) {
		conf_widgets_challenge_refuse( 'invalid' );
	}
	$derived = $solution['derivedKey'] ?? null;
	$counter = $solution['counter'] ?? null;
	if ( ! is_string( $derived ) || 1 !== preg_match( '/^(?:[0-9a-f]{2})+$/', $derived ) || ! is_int( $counter ) || $counter < 0 || $counter > 0xffffffff ) {
		conf_widgets_challenge_refuse( 'invalid' );
	}
	// The key's signature was signed with the parameters: the derived key is checked against it.
	if ( ! isset( $parameters['keySignature'] ) || ! is_string( $parameters['keySignature'] )
		|| ! hash_equals( hash_hmac( 'sha256', (string) hex2bin( $derived ), conf_widgets_challenge_key_secret( $secret ) ), $parameters['keySignature'] ) ) {
		conf_widgets_challenge_refuse( 'invalid' );
	}
	// One write per challenge: the nonce is claimed until the challenge could no longer be used.
	$keep = max( 1, $parameters['expiresAt'] - time() + 1 );
	if ( null !== conf_widgets_claim( 'cfw_ch_' . md5( $parameters['nonce'] ), $keep ) ) {
		conf_widgets_challenge_refuse( 'used' );
	}
}

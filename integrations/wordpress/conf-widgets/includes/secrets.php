<?php
/**
 * Keeps the API key and the kiosk token out of everything the plugin sends to a browser: the
 * forms proxy/secrets.ts finds (raw, URL-encoded in either hex case, JSON-escaped also with `\/`,
 * base64 of both alphabets at any offset, hex in either case), and in upstream bodies and headers
 * also once their escapes are undone (JSON `\u`, HTML character references, URL encoding; up to
 * three rounds, mixed). WordPress's HTTP API has already undone any Content-Encoding.
 *
 * @package ConfWidgets
 */

defined( 'ABSPATH' ) || exit;

const CONF_WIDGETS_REDACTED = '[redacted]';

/**
 * The base64 runs that encode `$secret` wherever it sits in a longer encoded text (one per byte
 * offset, standard and URL-safe alphabets), as base64Runs() in proxy/secrets.ts.
 *
 * @param string $secret The secret.
 * @return string[]
 */
function conf_widgets_base64_runs( $secret ) {
	$runs = array();
	$len  = strlen( $secret );
	for ( $shift = 0; $shift < 3; $shift++ ) {
		$b64   = base64_encode( str_repeat( "\0", $shift ) . $secret ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode
		$start = (int) ceil( $shift / 3 ) * 4;
		$end   = (int) floor( ( $shift + $len ) / 3 ) * 4;
		$run   = substr( $b64, $start, $end - $start );
		if ( strlen( $run ) >= 8 ) { // Shorter runs could turn up by chance in unrelated base64.
			$runs[] = $run;
			$runs[] = strtr( $run, '+/', '-_' );
		}
	}
	return $runs;
}

/**
 * Every form of the configured secrets, longest first.
 *
 * @param string[]|null $secrets The secrets (default: the stored key and kiosk token).
 * @return string[]
 */
function conf_widgets_secret_forms( $secrets = null ) {
	static $cache = array();
	if ( null === $secrets ) {
		$secrets = array( conf_widgets_api_key(), conf_widgets_kiosk_token() );
		if ( function_exists( 'conf_widgets_challenge_stored_secret' ) ) {
			$secrets[] = conf_widgets_challenge_stored_secret();
		}
	}
	$secrets = array_values( array_filter( $secrets, 'strlen' ) );
	$id      = md5( implode( "\n", $secrets ) );
	if ( isset( $cache[ $id ] ) ) {
		return $cache[ $id ];
	}
	$forms = array();
	foreach ( $secrets as $secret ) {
		$url   = rawurlencode( $secret );
		$json  = substr( (string) wp_json_encode( $secret, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ), 1, -1 );
		$hex   = bin2hex( $secret );
		$forms = array_merge(
			$forms,
			array( $secret, $url, preg_replace_callback( '/%[0-9A-F]{2}/', static function ( $m ) {
				return strtolower( $m[0] );
			}, $url ), $json, str_replace( '/', '\\/', $json ), $hex, strtoupper( $hex ) ),
			conf_widgets_base64_runs( $secret )
		);
	}
	$forms = array_values( array_unique( array_filter( $forms, 'strlen' ) ) );
	usort(
		$forms,
		static function ( $a, $b ) {
			return strlen( $b ) - strlen( $a );
		}
	);
	$cache[ $id ] = $forms;
	return $forms;
}

/** Whether a form of a secret is in the text. */
function conf_widgets_contains_secret( $text, $forms = null ) {
	foreach ( null === $forms ? conf_widgets_secret_forms() : $forms as $form ) {
		if ( false !== strpos( $text, $form ) ) {
			return true;
		}
	}
	return false;
}

/** The text with every form of a secret replaced. */
function conf_widgets_scrub( $text, $forms = null ) {
	$forms = null === $forms ? conf_widgets_secret_forms() : $forms;
	return conf_widgets_contains_secret( $text, $forms ) ? str_replace( $forms, CONF_WIDGETS_REDACTED, $text ) : $text;
}

/** One code point as UTF-8 (mbstring is not on every host). */
function conf_widgets_utf8_chr( $code ) {
	if ( $code < 0x80 ) {
		return chr( $code );
	}
	if ( $code < 0x800 ) {
		return chr( 0xC0 | ( $code >> 6 ) ) . chr( 0x80 | ( $code & 0x3F ) );
	}
	return chr( 0xE0 | ( $code >> 12 ) ) . chr( 0x80 | ( ( $code >> 6 ) & 0x3F ) ) . chr( 0x80 | ( $code & 0x3F ) );
}

/**
 * The texts the decodings make of `$text` (JSON escapes, HTML references, URL encoding), up to
 * three rounds, the text itself excluded.
 *
 * @param string $text A text.
 * @return string[]
 */
function conf_widgets_decoded_stages( $text ) {
	$stages  = array();
	$current = $text;
	for ( $round = 0; $round < 3; $round++ ) {
		$before = $current;
		$steps  = array(
			static function ( $t ) {
				if ( false === strpos( $t, '\\' ) ) {
					return $t;
				}
				$t = preg_replace_callback(
					'/\\\\u([0-9a-fA-F]{4})/',
					static function ( $m ) {
						return conf_widgets_utf8_chr( hexdec( $m[1] ) );
					},
					$t
				);
				return preg_replace( '#\\\\(["\\\\/])#', '$1', $t );
			},
			static function ( $t ) {
				return false === strpos( $t, '&' ) ? $t : html_entity_decode( $t, ENT_QUOTES | ENT_HTML5, 'UTF-8' );
			},
			static function ( $t ) {
				return false === strpos( $t, '%' ) ? $t : rawurldecode( $t );
			},
		);
		foreach ( $steps as $step ) {
			$next = $step( $current );
			if ( $next !== $current ) {
				$stages[] = $next;
				$current  = $next;
			}
		}
		if ( $current === $before ) {
			break;
		}
	}
	return $stages;
}

/** Whether a form of a secret shows once the text's escapes are undone. */
function conf_widgets_contains_decoded( $text, $forms = null ) {
	$forms = null === $forms ? conf_widgets_secret_forms() : $forms;
	if ( empty( $forms ) ) {
		return false;
	}
	foreach ( conf_widgets_decoded_stages( $text ) as $stage ) {
		if ( conf_widgets_contains_secret( $stage, $forms ) ) {
			return true;
		}
	}
	return false;
}

/** A header value: scrubbed, or null (drop the header) when a secret shows only decoded. */
function conf_widgets_scrub_header( $value ) {
	$out = conf_widgets_scrub( $value );
	return conf_widgets_contains_decoded( $out ) ? null : $out;
}

/**
 * An upstream body to send on: itself when clean; raw forms replaced; a secret that shows only
 * decoded cleaned out of each JSON string holding it; null when that is not possible (not JSON,
 * or spread over several strings): such a body must not be passed on.
 *
 * @param string $body The body.
 * @return string|null
 */
function conf_widgets_scrub_body( $body ) {
	$forms = conf_widgets_secret_forms();
	if ( empty( $forms ) ) {
		return $body;
	}
	$out = conf_widgets_scrub( $body, $forms );
	if ( ! conf_widgets_contains_decoded( $out, $forms ) ) {
		return $out;
	}
	$parsed = json_decode( $out ); // Objects stay objects, so `{}` is written back as `{}`.
	if ( null === $parsed && 'null' !== trim( $out ) ) {
		return null;
	}
	$clean = static function ( $value ) use ( &$clean, $forms ) {
		if ( is_string( $value ) ) {
			$s = conf_widgets_scrub( $value, $forms );
			if ( conf_widgets_contains_decoded( $s, $forms ) ) {
				$stages = conf_widgets_decoded_stages( $s );
				$s      = conf_widgets_scrub( end( $stages ), $forms );
				if ( conf_widgets_contains_secret( $s, $forms ) || conf_widgets_contains_decoded( $s, $forms ) ) {
					$s = CONF_WIDGETS_REDACTED;
				}
			}
			return $s;
		}
		if ( is_array( $value ) ) {
			return array_map( $clean, $value );
		}
		if ( is_object( $value ) ) {
			$copy = new stdClass();
			foreach ( get_object_vars( $value ) as $k => $item ) {
				$copy->{$clean( (string) $k )} = $clean( $item );
			}
			return $copy;
		}
		return $value;
	};
	$out = wp_json_encode( $clean( $parsed ), JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
	if ( false === $out || conf_widgets_contains_secret( $out, $forms ) || conf_widgets_contains_decoded( $out, $forms ) ) {
		return null;
	}
	return $out;
}

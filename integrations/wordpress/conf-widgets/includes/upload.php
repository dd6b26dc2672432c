<?php
/**
 * Key mode: `PUT /uploads/<kind>?filename=NAME` (proof of payment, evidence), as the Node proxy's
 * upload route does it: the browser sends the file; the plugin checks its type, size and first
 * bytes, asks the API for a signed upload address (the contract's upload-address endpoint for
 * that kind, never reachable by a browser), sends the file there itself and answers only the
 * `storage://` URI. The signed address never reaches the browser, and the key never reaches the
 * storage host. Unlike the Node proxy, the file is held in PHP's memory (at most the contract's
 * 10 MB) rather than streamed: WordPress's HTTP API sends a body it has whole.
 *
 * @package ConfWidgets
 */

defined( 'ABSPATH' ) || exit;

/** Headers a signed address may ask for; anything else it lists is ignored. */
const CONF_WIDGETS_SIGNED_HEADER = '/^(content-type|content-md5|x-amz-[a-z0-9-]+|x-goog-[a-z0-9-]+|x-ms-[a-z0-9-]+|x-upload-[a-z0-9-]+)$/';

/** Whether the file's first bytes are those of the declared type (contract.json's signatures). */
function conf_widgets_file_signature_ok( $type, $head ) {
	$signatures = conf_widgets_contract()['uploads']['signatures'][ $type ] ?? array();
	foreach ( $signatures as $signature ) {
		$offset = (int) $signature['offset'];
		$bytes  = $signature['bytes'];
		if ( strlen( $head ) < $offset + count( $bytes ) ) {
			continue;
		}
		$match = true;
		foreach ( $bytes as $i => $byte ) {
			if ( null !== $byte && ord( $head[ $offset + $i ] ) !== $byte ) {
				$match = false;
				break;
			}
		}
		if ( $match ) {
			return true;
		}
	}
	return false;
}

/** The signed address from the API's answer, or null when it is not usable. */
function conf_widgets_read_upload_address( $body ) {
	$decoded = json_decode( $body, true );
	$data    = is_array( $decoded ) && isset( $decoded['data'] ) && is_array( $decoded['data'] ) ? $decoded['data'] : null;
	if ( null === $data || ! isset( $data['uploadUrl'], $data['storageUri'] ) || ! is_string( $data['uploadUrl'] ) || ! is_string( $data['storageUri'] ) ) {
		return null;
	}
	$scheme = strtolower( (string) wp_parse_url( $data['uploadUrl'], PHP_URL_SCHEME ) );
	if ( ! in_array( $scheme, array( 'http', 'https' ), true ) || 0 !== strpos( $data['storageUri'], 'storage://' ) ) {
		return null;
	}
	$headers = array();
	if ( isset( $data['headers'] ) && is_array( $data['headers'] ) ) {
		foreach ( $data['headers'] as $name => $value ) {
			$lower = strtolower( (string) $name );
			if ( is_string( $value ) && 1 === preg_match( CONF_WIDGETS_SIGNED_HEADER, $lower ) && 1 !== preg_match( '/[\r\n]/', $value ) ) {
				$headers[ $lower ] = $value;
			}
		}
	}
	$max = isset( $data['maxBytes'] ) && is_int( $data['maxBytes'] ) && $data['maxBytes'] > 0 ? $data['maxBytes'] : null;
	return array( 'url' => $data['uploadUrl'], 'uri' => $data['storageUri'], 'headers' => $headers, 'maxBytes' => $max );
}

/** One upload (never returns). */
function conf_widgets_api_upload( $kind ) {
	$uploads = conf_widgets_contract()['uploads'];
	conf_widgets_write_limit( array( 'writeKind' => 'uploads' ) );
	$type = strtolower( trim( explode( ';', (string) conf_widgets_request_header( 'Content-Type' ) )[0] ) );
	if ( ! in_array( $type, $uploads['contentTypes'], true ) ) {
		conf_widgets_api_error( 415, 'unsupported_media_type', 'Upload a file of type ' . implode( ', ', $uploads['contentTypes'] ) . '.', array(), array( 'allowed' => $uploads['contentTypes'] ) );
	}
	$encoding = conf_widgets_request_header( 'Content-Encoding' );
	if ( null !== $encoding && 'identity' !== strtolower( trim( $encoding ) ) ) {
		conf_widgets_api_error( 415, 'unsupported_media_type', 'Send the file without Content-Encoding.' );
	}
	$max      = (int) $uploads['maxBytes'];
	$declared = isset( $_SERVER['CONTENT_LENGTH'] ) && '' !== $_SERVER['CONTENT_LENGTH'] ? (int) $_SERVER['CONTENT_LENGTH'] : null; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput
	if ( null !== $declared && $declared > $max ) {
		conf_widgets_api_error( 413, 'payload_too_large', "The file is larger than $max bytes.", array(), array( 'maxBytes' => $max ) );
	}
	$filename = (string) conf_widgets_query_param( 'filename' );
	if ( strlen( $filename ) < 1 || strlen( $filename ) > 200 || 1 === preg_match( '#[\x00-\x1f\x7f/\\\\]#', $filename ) ) {
		conf_widgets_api_error( 400, 'validation_failed', 'Give the file name as ?filename= (1 to 200 characters).', array(), array( 'fields' => array( 'filename' => 'invalid' ) ) );
	}
	$request = array( 'filename' => $filename, 'contentType' => $type );
	if ( 'workshop-payment-proof' === $kind ) {
		$id = (string) conf_widgets_query_param( 'workshopRegistrationId' );
		if ( 1 !== preg_match( '/^[A-Za-z0-9_-]{1,128}$/', $id ) ) {
			conf_widgets_api_error( 400, 'validation_failed', 'Give the workshop registration as ?workshopRegistrationId=.', array(), array( 'fields' => array( 'workshopRegistrationId' => 'invalid' ) ) );
		}
		$request['workshopRegistrationId'] = $id;
	}
	$input = fopen( 'php://input', 'rb' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fopen
	$file  = false === $input ? '' : (string) stream_get_contents( $input, $max + 1 );
	if ( strlen( $file ) > $max ) {
		conf_widgets_api_error( 413, 'payload_too_large', "The file is larger than $max bytes.", array(), array( 'maxBytes' => $max ) );
	}
	// The first bytes decide before the API is asked for anything.
	if ( '' === $file ) {
		conf_widgets_api_error( 400, 'empty_upload', 'The file is empty (0 bytes); nothing was stored. Choose the file again.' );
	}
	if ( ! conf_widgets_file_signature_ok( $type, substr( $file, 0, (int) $uploads['headBytes'] ) ) ) {
		conf_widgets_api_error( 415, 'unsupported_media_type', "The file was sent as $type but its content is not; nothing was stored.", array(), array( 'declared' => $type ) );
	}

	$answer = conf_widgets_upstream( 'POST', $uploads['kinds'][ $kind ]['endpoint'], array( 'Content-Type' => 'application/json' ), (string) wp_json_encode( $request ) );
	if ( is_wp_error( $answer ) ) {
		list( $status, $code, $message ) = conf_widgets_transport_error( $answer );
		conf_widgets_api_error( $status, $code, $message );
	}
	// Only an error is passed on: any other answer may carry the signed address.
	if ( $answer['status'] >= 400 ) {
		conf_widgets_send_answer( $answer );
		exit;
	}
	$address = 200 === $answer['status'] || 201 === $answer['status'] ? conf_widgets_read_upload_address( $answer['body'] ) : null;
	if ( null === $address ) {
		conf_widgets_api_error( 502, 'bad_gateway', 'The conference service sent an unusable upload address.' );
	}
	$cap = null === $address['maxBytes'] ? $max : min( $max, $address['maxBytes'] );
	if ( strlen( $file ) > $cap ) {
		conf_widgets_api_error( 413, 'payload_too_large', "The file is larger than $cap bytes.", array(), array( 'maxBytes' => $cap ) );
	}
	// Straight to the storage host: no key, only the headers the address signed.
	$stored = wp_remote_request(
		$address['url'],
		array(
			'method'      => 'PUT',
			'timeout'     => 60,
			'redirection' => 0,
			'headers'     => array_merge( array( 'content-type' => $type ), $address['headers'] ),
			'body'        => $file,
		)
	);
	if ( is_wp_error( $stored ) ) {
		conf_widgets_api_error( 502, 'bad_gateway', 'The file could not be stored.' );
	}
	$status = (int) wp_remote_retrieve_response_code( $stored );
	if ( 413 === $status ) {
		conf_widgets_api_error( 413, 'payload_too_large', "The file is larger than $cap bytes.", array(), array( 'maxBytes' => $cap ) );
	}
	if ( $status < 200 || $status >= 300 ) {
		conf_widgets_api_error( 502, 'bad_gateway', "The file could not be stored (storage answered $status)." );
	}
	conf_widgets_api_send(
		201,
		array( 'Content-Type' => 'application/json; charset=utf-8', 'Cache-Control' => 'no-store' ),
		(string) wp_json_encode( array( 'data' => array( 'uri' => $address['uri'] ) ), JSON_UNESCAPED_SLASHES )
	);
	exit;
}

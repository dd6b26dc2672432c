<?php
/**
 * Key mode: `multipart/form-data` writes where contract.json names file parts (`files`, today the
 * abstract submission's PDF attachments), checked as the Node proxy's form-body middleware checks
 * them, and written again for the API as the Node proxy writes them: text parts, then each file
 * under the contract's field name (repeated once per file), named with the extension of the type
 * its first bytes were verified as, with the browser's boundary.
 *
 * PHP parses a multipart POST itself before any plugin runs (`php://input` is then empty), and
 * keeps only the last of several files sent under one name. So the plugin takes the files under
 * the field's name in PHP's array form (`attachments[]`, as many as the contract allows) or one
 * file under the plain name, and refuses a body whose length shows that PHP dropped a part,
 * instead of forwarding a submission with a file missing.
 *
 * @package ConfWidgets
 */

defined( 'ABSPATH' ) || exit;

/** Largest text field (the Node proxy's MAX_TEXT_BYTES). */
const CONF_WIDGETS_FORM_TEXT_BYTES = 65536;
/** Text fields a form may carry beside its files (the Node proxy's TEXT_PARTS). */
const CONF_WIDGETS_FORM_TEXT_PARTS = 27;

/** An error of a form's field, in the API's shape (the request ends). */
function conf_widgets_form_error( $status, $code, $message, $field, $detail, $extra = array() ) {
	conf_widgets_api_error( $status, $code, $message, array(), array_merge( array( 'fields' => array( $field => $detail ) ), $extra ) );
}

/** A name as browsers write it in a part header (HTML's multipart/form-data encoding). */
function conf_widgets_form_quoted( $value ) {
	return str_replace( array( '"', "\r", "\n" ), array( '%22', '%0D', '%0A' ), $value );
}

/** The name a file is forwarded under: its own, with the extension of its verified type (storedFileName). */
function conf_widgets_stored_file_name( $name, $type ) {
	$extensions = conf_widgets_contract()['uploads']['extensions'][ $type ] ?? array( 'bin' );
	$dot        = strrpos( $name, '.' );
	$ext        = false !== $dot && $dot > 0 ? substr( $name, $dot + 1 ) : '';
	if ( in_array( strtolower( $ext ), $extensions, true ) ) {
		return $name;
	}
	$stem = false !== $dot && $dot > 0 && 1 === preg_match( '/^[A-Za-z0-9]{1,10}$/', $ext ) ? substr( $name, 0, $dot ) : $name;
	return ( '' === $stem ? 'file' : $stem ) . '.' . $extensions[0];
}

/**
 * The files PHP received under `$field`, in the order sent: from `attachments[]` (or
 * `attachments[0]`, …) or from one `attachments`. Each: name, type, tmp_name, error, size, and
 * `sent` (the name as the part header said it, for the length check).
 */
function conf_widgets_form_files( $field ) {
	// phpcs:ignore WordPress.Security.NonceVerification.Missing -- a public API write, not a form of this site.
	if ( ! isset( $_FILES[ $field ] ) || ! is_array( $_FILES[ $field ] ) || ! isset( $_FILES[ $field ]['name'] ) ) {
		return array();
	}
	$raw = $_FILES[ $field ]; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput,WordPress.Security.NonceVerification.Missing
	if ( ! is_array( $raw['name'] ) ) {
		return array( array_merge( $raw, array( 'sent' => $field ) ) );
	}
	$files = array();
	foreach ( array_keys( $raw['name'] ) as $index ) {
		if ( is_array( $raw['name'][ $index ] ) ) {
			conf_widgets_form_error( 400, 'validation_failed', "Send each of $field as a file part.", $field, 'Nested names are not accepted.' );
		}
		$files[] = array(
			'name'     => (string) $raw['name'][ $index ],
			'type'     => (string) $raw['type'][ $index ],
			'tmp_name' => (string) $raw['tmp_name'][ $index ],
			'error'    => (int) $raw['error'][ $index ],
			'size'     => (int) $raw['size'][ $index ],
			'sent'     => $field . '[]',
		);
	}
	return $files;
}

/**
 * Reads and checks a multipart write; answers the body to forward, its Content-Type and the
 * source of its idempotency fingerprint (names, text values, each file's name, type and SHA-256:
 * a retry of the same form repeats it, though the browser writes a new boundary each time).
 *
 * @param array $endpoint The contract's endpoint (with `files`).
 * @return array{0: string, 1: string, 2: string}
 */
function conf_widgets_read_form_body( $endpoint ) {
	// Up to maxFiles × maxBytesEach held twice (the files and the body built from them).
	wp_raise_memory_limit( 'conf_widgets' );
	$rules  = $endpoint['files'];
	$field  = $rules['field'];
	$cap    = (int) $endpoint['maxBodyBytes'];
	$length = isset( $_SERVER['CONTENT_LENGTH'] ) ? (int) $_SERVER['CONTENT_LENGTH'] : 0; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput
	if ( $length > $cap ) {
		conf_widgets_api_error( 413, 'payload_too_large', "The body is larger than $cap bytes.", array(), array( 'maxBytes' => $cap ) );
	}
	$encoding = conf_widgets_request_header( 'Content-Encoding' );
	if ( null !== $encoding && 'identity' !== strtolower( trim( $encoding ) ) ) {
		conf_widgets_api_error( 415, 'unsupported_media_type', 'Send the form without Content-Encoding.' );
	}
	// Past post_max_size PHP drops the whole body (and warns): say so instead of "no files".
	$server_max = wp_convert_hr_to_bytes( (string) ini_get( 'post_max_size' ) );
	if ( $server_max > 0 && $length > $server_max ) {
		conf_widgets_api_error( 413, 'payload_too_large', "The body is larger than this site accepts ($server_max bytes, PHP's post_max_size).", array(), array( 'maxBytes' => $server_max ) );
	}
	$type = (string) conf_widgets_request_header( 'Content-Type' );
	if ( 1 !== preg_match( '/;\s*boundary=(?:"([^"]{1,70})"|([^";\s]{1,70}))/i', $type, $m ) ) {
		conf_widgets_api_error( 400, 'validation_failed', 'The multipart/form-data body has no usable boundary.' );
	}
	$boundary = '' !== $m[1] ? $m[1] : $m[2];

	// phpcs:disable WordPress.Security.NonceVerification.Missing -- a public API write, not a form of this site.
	foreach ( array_keys( $_FILES ) as $name ) {
		if ( $name !== $field ) {
			conf_widgets_form_error( 400, 'validation_failed', "Only $field may carry files.", (string) $name, 'Must be text.' );
		}
	}
	if ( isset( $_POST[ $field ] ) ) {
		conf_widgets_form_error( 400, 'validation_failed', "$field must be files.", $field, 'Send each attachment as a file part.' );
	}
	// Read at plugins_loaded, before WordPress adds slashes to $_POST (wp_magic_quotes): as sent.
	$texts = $_POST; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput
	// phpcs:enable WordPress.Security.NonceVerification.Missing
	$files = conf_widgets_form_files( $field );
	if ( count( $texts ) + count( $files ) > (int) $rules['maxFiles'] + CONF_WIDGETS_FORM_TEXT_PARTS ) {
		conf_widgets_api_error( 400, 'validation_failed', 'The form has too many parts.' );
	}
	if ( count( $files ) > (int) $rules['maxFiles'] ) {
		conf_widgets_form_error( 400, 'validation_failed', "At most {$rules['maxFiles']} $field.", $field, "At most {$rules['maxFiles']} files." );
	}

	$open     = '--' . $boundary . "\r\n";
	$body     = '';
	$lines    = array();
	$expected = 0;
	foreach ( $texts as $name => $value ) {
		if ( ! is_string( $value ) ) {
			conf_widgets_form_error( 400, 'validation_failed', "$name: send one text value.", (string) $name, 'Must be text.' );
		}
		if ( strlen( $value ) > CONF_WIDGETS_FORM_TEXT_BYTES ) {
			conf_widgets_form_error( 413, 'payload_too_large', "$name is longer than " . CONF_WIDGETS_FORM_TEXT_BYTES . ' bytes.', (string) $name, 'At most ' . CONF_WIDGETS_FORM_TEXT_BYTES . ' bytes.', array( 'maxBytes' => CONF_WIDGETS_FORM_TEXT_BYTES ) );
		}
		$part      = $open . 'Content-Disposition: form-data; name="' . conf_widgets_form_quoted( (string) $name ) . "\"\r\n\r\n" . $value . "\r\n";
		$body     .= $part;
		$expected += strlen( $part );
		$lines[]   = wp_json_encode( (string) $name, JSON_UNESCAPED_UNICODE ) . '=' . wp_json_encode( $value, JSON_UNESCAPED_UNICODE );
	}
	$head_bytes = (int) conf_widgets_contract()['uploads']['headBytes'];
	foreach ( $files as $index => $file ) {
		$at = $field . '.' . $index;
		if ( in_array( $file['error'], array( UPLOAD_ERR_INI_SIZE, UPLOAD_ERR_FORM_SIZE ), true ) ) {
			$server_each = wp_convert_hr_to_bytes( (string) ini_get( 'upload_max_filesize' ) );
			conf_widgets_form_error( 413, 'payload_too_large', "{$file['name']}: larger than this site accepts ($server_each bytes, PHP's upload_max_filesize).", $at, "At most $server_each bytes.", array( 'maxBytes' => $server_each ) );
		}
		if ( UPLOAD_ERR_NO_FILE === $file['error'] || ( UPLOAD_ERR_OK === $file['error'] && 0 === $file['size'] ) ) {
			conf_widgets_form_error( 400, 'empty_upload', "{$file['name']}: The file is empty (0 bytes); nothing was stored. Choose the file again.", $at, 'The file is empty.' );
		}
		if ( UPLOAD_ERR_OK !== $file['error'] || ! is_uploaded_file( $file['tmp_name'] ) ) {
			conf_widgets_api_error( 500, 'internal_error', "{$file['name']}: this site could not receive the file (PHP upload error {$file['error']})." );
		}
		if ( $file['size'] > (int) $rules['maxBytesEach'] ) {
			conf_widgets_form_error( 413, 'payload_too_large', "The file is larger than {$rules['maxBytesEach']} bytes.", $at, "At most {$rules['maxBytesEach']} bytes.", array( 'maxBytes' => (int) $rules['maxBytesEach'] ) );
		}
		$bytes = file_get_contents( $file['tmp_name'] ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents
		if ( ! is_string( $bytes ) || strlen( $bytes ) !== $file['size'] ) {
			conf_widgets_api_error( 500, 'internal_error', "{$file['name']}: this site could not read the file it received." );
		}
		$verified = null;
		foreach ( $rules['contentTypes'] as $allowed ) {
			if ( conf_widgets_file_signature_ok( $allowed, substr( $bytes, 0, $head_bytes ) ) ) {
				$verified = $allowed;
				break;
			}
		}
		if ( null === $verified ) {
			conf_widgets_form_error( 415, 'unsupported_media_type', "{$file['name']}: its content is not " . implode( ' or ', $rules['contentTypes'] ) . '; nothing was stored.', $at, 'Must be ' . implode( ' or ', $rules['contentTypes'] ) . '.', array( 'allowed' => $rules['contentTypes'] ) );
		}
		$stored = conf_widgets_stored_file_name( $file['name'], $verified );
		$body  .= $open . 'Content-Disposition: form-data; name="' . conf_widgets_form_quoted( $field ) . '"; filename="' . conf_widgets_form_quoted( $stored ) . "\"\r\nContent-Type: $verified\r\n\r\n" . $bytes . "\r\n";
		// As the browser wrote it: its own name, file name and type.
		$expected += strlen( $open . 'Content-Disposition: form-data; name="' . $file['sent'] . '"; filename="' . $file['name'] . "\"\r\nContent-Type: " . $file['type'] . "\r\n\r\n" ) + $file['size'] + 2;
		$lines[]   = wp_json_encode( $field ) . '=file:' . wp_json_encode( $stored, JSON_UNESCAPED_UNICODE ) . ':' . $verified . ':' . hash( 'sha256', $bytes );
		unset( $bytes );
	}
	$close     = '--' . $boundary . "--\r\n";
	$body     .= $close;
	$expected += strlen( $close );
	// A part PHP dropped (a second file under the plain name) takes at least its header's ~100
	// bytes; the names' spelling (`[]`, `[0]`) and the closing line break differ by a few.
	if ( $length > $expected + 64 ) {
		conf_widgets_form_error( 400, 'validation_failed', "This site receives only one file under the name $field; send several as $field" . '[].', $field, "Send several files as $field" . '[].' );
	}
	if ( 0 === count( $files ) && 0 === count( $texts ) ) {
		conf_widgets_api_error( 400, 'validation_failed', 'The multipart/form-data body is empty.' );
	}
	return array( $body, 'multipart/form-data; boundary=' . $boundary, implode( "\n", $lines ) );
}

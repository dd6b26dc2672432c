<?php
/**
 * The proxy's loader script (`<proxy>/conf-widgets.js`), enqueued once as a module script, with
 * the plugin's stylesheet, and only on pages whose content uses an element.
 *
 * @package ConfWidgets
 */

defined( 'ABSPATH' ) || exit;

/** The script handle (and module id on WordPress 6.5+). */
const CONF_WIDGETS_LOADER_HANDLE = 'conf-widgets-loader';

/**
 * The loader's URL: the proxy's `/conf-widgets.js` in proxy mode; in key mode the copy the zip
 * may carry in `dist/` (served from this site, so the elements' default endpoint, the script's
 * origin, is this site, whose /api/public/v1/ the plugin answers); '' when there is none.
 */
function conf_widgets_loader_url() {
	if ( 'proxy' === conf_widgets_mode() ) {
		$proxy = conf_widgets_proxy_url();
		return '' === $proxy ? '' : $proxy . '/conf-widgets.js';
	}
	return file_exists( dirname( CONF_WIDGETS_FILE ) . '/dist/conf-widgets.js' ) ? plugins_url( 'dist/conf-widgets.js', CONF_WIDGETS_FILE ) : '';
}

/**
 * Enqueues the loader and the stylesheet, once. Called before the page's head when the content is
 * known to use an element, and again by each shortcode and block as it renders (for content the
 * first check cannot see); after the head has been printed, WordPress prints both in the footer.
 */
function conf_widgets_enqueue() {
	static $done = false;
	$src = conf_widgets_loader_url();
	if ( $done || '' === $src ) {
		return;
	}
	$done = true;
	wp_enqueue_style( 'conf-widgets', plugins_url( 'assets/conf-widgets.css', CONF_WIDGETS_FILE ), array(), CONF_WIDGETS_VERSION );
	// No version query: the loader's own URL is what its chunks are found beside (and it is
	// revalidated by the proxy), so WordPress's `?ver=` would only split the browser's cache.
	if ( function_exists( 'wp_enqueue_script_module' ) ) {
		wp_enqueue_script_module( CONF_WIDGETS_LOADER_HANDLE, $src, array(), null );
	} else {
		// WordPress before 6.5 has no module scripts: a classic script, made a module below.
		wp_enqueue_script( CONF_WIDGETS_LOADER_HANDLE, $src, array(), null, false );
	}
}

/**
 * Writes the loader's tag as a module script (WordPress before 6.5).
 *
 * @param string $tag    The tag WordPress made.
 * @param string $handle The script's handle.
 * @param string $src    The script's URL.
 */
function conf_widgets_module_script_tag( $tag, $handle, $src ) {
	if ( CONF_WIDGETS_LOADER_HANDLE !== $handle ) {
		return $tag;
	}
	return '<script type="module" src="' . esc_url( $src ) . '" id="' . esc_attr( CONF_WIDGETS_LOADER_HANDLE ) . '-js"></script>' . "\n";
}
add_filter( 'script_loader_tag', 'conf_widgets_module_script_tag', 10, 3 );

/** Whether a post's content has a conf-* tag, one of the shortcodes or the block. */
function conf_widgets_content_uses_elements( $content ) {
	if ( ! is_string( $content ) || '' === $content ) {
		return false;
	}
	if ( 1 === preg_match( '/<conf-[a-z]/i', $content ) || has_block( 'conf-widgets/element', $content ) ) {
		return true;
	}
	foreach ( array_keys( conf_widgets_elements() ) as $tag ) {
		if ( has_shortcode( $content, conf_widgets_shortcode_name( $tag ) ) ) {
			return true;
		}
	}
	return false;
}

/** Whether the posts of the current page (one post, or a list of them) use an element. */
function conf_widgets_page_uses_elements() {
	global $wp_query;
	$uses = false;
	if ( $wp_query instanceof WP_Query ) {
		foreach ( $wp_query->posts as $post ) {
			if ( $post instanceof WP_Post && conf_widgets_content_uses_elements( $post->post_content ) ) {
				$uses = true;
				break;
			}
		}
	}
	/**
	 * Filters whether the page loads the elements: return true for pages that place conf-* tags
	 * outside the posts' content (a template, a widget area).
	 *
	 * @param bool $uses Whether the page's posts use an element.
	 */
	return (bool) apply_filters( 'conf_widgets_page_uses_elements', $uses );
}

add_action(
	'wp_enqueue_scripts',
	static function () {
		if ( conf_widgets_page_uses_elements() ) {
			conf_widgets_enqueue();
		}
	}
);

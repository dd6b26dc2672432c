<?php
/**
 * Removes the plugin's options (the key and token with them) when the plugin is deleted from Plugins → Installed Plugins.
 * The content's shortcodes, blocks and conf-* tags stay in the posts, as the authors wrote them.
 *
 * @package ConfWidgets
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

foreach ( array( 'conf_widgets_proxy_url', 'conf_widgets_mode', 'conf_widgets_api_base', 'conf_widgets_api_key', 'conf_widgets_kiosk_token', 'conf_widgets_allowed_origins', 'conf_widgets_write_challenge', 'conf_widgets_challenge_secret' ) as $conf_widgets_option ) {
	delete_option( $conf_widgets_option );
}
wp_clear_scheduled_hook( 'conf_widgets_cleanup' );

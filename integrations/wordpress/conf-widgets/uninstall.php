<?php
/**
 * Removes the plugin's one option when the plugin is deleted from Plugins → Installed Plugins.
 * The content's shortcodes, blocks and conf-* tags stay in the posts, as the authors wrote them.
 *
 * @package ConfWidgets
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

delete_option( 'conf_widgets_proxy_url' );

<?php
/**
 * Plugin Name:       Conference widgets
 * Description:       The conf-widgets elements (schedule, speakers, abstracts, exhibitors, workshops and the registration, exhibit and abstract forms) as blocks and shortcodes, loaded through this site (which holds the conference API key and forwards the elements' calls) or through a separate conf-widgets proxy. Lets every role that may write posts keep conf-* tags in its content.
 * Version:           0.1.0
 * Requires at least: 6.1
 * Requires PHP:      8.2
 * License:           MIT
 * License URI:       https://opensource.org/licenses/MIT
 * Text Domain:       conf-widgets
 *
 * @package ConfWidgets
 */

defined( 'ABSPATH' ) || exit;

define( 'CONF_WIDGETS_VERSION', '0.1.0' );
define( 'CONF_WIDGETS_FILE', __FILE__ );
/** The option holding the proxy's base URL (no trailing slash). */
define( 'CONF_WIDGETS_OPTION', 'conf_widgets_proxy_url' );

require_once __DIR__ . '/includes/options.php';
require_once __DIR__ . '/includes/secrets.php';
require_once __DIR__ . '/includes/api.php';
require_once __DIR__ . '/includes/upload.php';
require_once __DIR__ . '/includes/form.php';
require_once __DIR__ . '/includes/challenge.php';
require_once __DIR__ . '/includes/elements.php';
require_once __DIR__ . '/includes/loader.php';
require_once __DIR__ . '/includes/kses.php';
require_once __DIR__ . '/includes/content.php';
require_once __DIR__ . '/includes/shortcodes.php';
require_once __DIR__ . '/includes/block.php';
require_once __DIR__ . '/includes/settings.php';

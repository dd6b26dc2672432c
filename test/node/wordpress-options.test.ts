/**
 * The WordPress plugin's settings logic in PHP (includes/options.php and the sanitize callbacks of
 * includes/settings.php), run by php-cli with WordPress's option functions stubbed over an array:
 * a new install starts with the site holding the key; an install with a proxy URL stays with its
 * proxy until an administrator chooses; the key is replaced only when a new one is typed, removed
 * only when asked, and a value that is not a key is refused, keeping the stored one.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';

const hasPhp = spawnSync('php', ['-v']).status === 0;
const DIR = `${process.cwd()}/integrations/wordpress/conf-widgets`;

/** Runs `body` after loading the two files over stubbed options; returns what it echoes as JSON. */
function php(body: string): unknown {
  const script = `
define('ABSPATH', '/');
define('CONF_WIDGETS_FILE', ${JSON.stringify(`${DIR}/conf-widgets.php`)});
define('CONF_WIDGETS_OPTION', 'conf_widgets_proxy_url');
$GLOBALS['opts'] = array();
function get_option($n, $d = false) { return array_key_exists($n, $GLOBALS['opts']) ? $GLOBALS['opts'][$n] : $d; }
function add_action() {} function add_filter() {} function __($t) { return $t; } function esc_html($t) { return $t; }
function wp_parse_url($u, $c = -1) { return parse_url($u, $c); } function plugin_basename($f) { return basename($f); }
function untrailingslashit($s) { return rtrim($s, '/'); }
function esc_url_raw($u) { return $u; }
require ${JSON.stringify(`${DIR}/includes/options.php`)};
require ${JSON.stringify(`${DIR}/includes/settings.php`)};
${body}`;
  const r = spawnSync('php', ['-r', script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  return JSON.parse(r.stdout);
}

test(
  'a new install holds the key; one with a proxy URL keeps its proxy until the mode is chosen',
  { skip: !hasPhp && 'php-cli is not installed' },
  () => {
    assert.deepEqual(
      php(`
$out = array(conf_widgets_mode());
$GLOBALS['opts']['conf_widgets_proxy_url'] = 'https://proxy.example.org';
$out[] = conf_widgets_mode();
$GLOBALS['opts']['conf_widgets_mode'] = 'key';
$out[] = conf_widgets_mode();
$out[] = conf_widgets_sanitize_mode('elsewhere');
echo json_encode($out);`),
      ['key', 'proxy', 'key', 'key'],
    );
  },
);

test(
  'the key: typed replaces, empty keeps, "remove" removes, a non-key is refused and the stored one kept',
  { skip: !hasPhp && 'php-cli is not installed' },
  () => {
    assert.deepEqual(
      php(`
$GLOBALS['opts']['conf_widgets_api_key'] = array('value' => 'stored-key-123456');
$out = array(
  conf_widgets_sanitize_api_key('new-key-abcdefgh'),
  conf_widgets_sanitize_api_key(''),
  conf_widgets_sanitize_api_key('has a space in it'),
  conf_widgets_sanitize_api_key(array('value' => 'stored-key-123456')),
);
$_POST['conf_widgets_api_key_clear'] = '1';
$out[] = conf_widgets_sanitize_api_key('');
echo json_encode($out);`),
      [
        { value: 'new-key-abcdefgh' },
        { value: 'stored-key-123456' },
        { value: 'stored-key-123456' },
        { value: 'stored-key-123456' },
        [],
      ],
    );
  },
);

test(
  'allowed origins: this site always, extra ones only as origins',
  { skip: !hasPhp && 'php-cli is not installed' },
  () => {
    assert.deepEqual(
      php(`
function home_url() { return 'https://conf.example.org/blog'; } function site_url() { return 'https://conf.example.org/blog/wp'; }
$GLOBALS['opts']['conf_widgets_allowed_origins'] = conf_widgets_sanitize_origins("https://www.example.org\\nhttps://evil.example/path\\njavascript:alert(1)\\nHTTP://Other.example:8080");
echo json_encode(conf_widgets_allowed_origins());`),
      ['https://www.example.org', 'http://other.example:8080', 'https://conf.example.org'],
    );
  },
);

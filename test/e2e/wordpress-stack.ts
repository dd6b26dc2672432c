/**
 * A throwaway WordPress for the plugin's end-to-end test, from Debian's packages: MariaDB on a
 * free loopback port with a private data directory, a copy of /usr/share/wordpress served by
 * `php -S`, installed with the default block theme and the plugin from its installable ZIP.
 * Everything lives in one temp directory, removed by `close()`; nothing touches /etc or the
 * system's services.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { zipDirectory } from '../../scripts/zip.mjs';

export const WORDPRESS_ROOT = '/usr/share/wordpress';
export const THEME = 'twentytwentythree';
export const PLUGIN_DIR = 'integrations/wordpress/conf-widgets';

/** Debian's packages the test needs (scripts/run-tests.mjs installs them when it may). */
export const WORDPRESS_PACKAGES = [
  'wordpress',
  'wordpress-theme-twentytwentythree',
  'mariadb-server',
  'php-mysql',
  'php-cli',
];

function which(cmd: string): string | null {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** Why the test cannot run here (a missing part and how to get it), or null when it can. */
export function wordPressMissing(): string | null {
  const missing: string[] = [];
  if (!existsSync(`${WORDPRESS_ROOT}/wp-settings.php`)) missing.push('WordPress (/usr/share/wordpress)');
  if (!existsSync(`${WORDPRESS_ROOT}/wp-content/themes/${THEME}/theme.json`)) missing.push(`the ${THEME} theme`);
  if (!which('php')) missing.push('php');
  else if (!spawnSync('php', ['-m'], { encoding: 'utf8' }).stdout.split('\n').includes('mysqli'))
    missing.push("PHP's mysqli");
  if (!which('mariadbd') && !existsSync('/usr/sbin/mariadbd')) missing.push('mariadbd');
  if (!which('mariadb-install-db')) missing.push('mariadb-install-db');
  if (missing.length === 0) return null;
  return `WordPress end-to-end test needs ${missing.join(', ')}; run: sudo apt-get install -y --no-install-recommends ${WORDPRESS_PACKAGES.join(' ')}`;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Polls `ready` every 200 ms until it holds; fails naming `what`, with the log, when `child` exits or time runs out. */
async function waitFor(
  what: string,
  ready: () => Promise<boolean>,
  child: ChildProcess,
  log: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    if (await ready()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-20).join('\n') : '';
  throw new Error(
    `${what} did not start (${child.exitCode !== null ? `exit ${child.exitCode}` : `${timeoutMs / 1000} s`}):\n${tail}`,
  );
}

/**
 * Signals a child's whole process group: `php -S` with workers forks them, and they outlive a
 * parent that alone is killed.
 */
function signal(child: ChildProcess, sig: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, sig);
  } catch {
    child.kill(sig);
  }
}

/** Ends a child (started `detached`, so it leads its own group) and waits for it: SIGTERM, then SIGKILL after 10 s. */
function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child) return Promise.resolve();
  if (child.exitCode !== null || child.signalCode !== null) {
    signal(child, 'SIGKILL'); // workers left behind, if any
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const kill = setTimeout(() => signal(child, 'SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      signal(child, 'SIGKILL');
      resolve();
    });
    signal(child, 'SIGTERM');
  });
}

/** Children still running when the test process exits (a crash, an interrupted run) are ended too. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) signal(child, 'SIGKILL');
});

/** Runs a PHP script of the temp directory; its last stdout line is JSON. */
function php<T>(dir: string, script: string, source: string): T {
  const file = join(dir, script);
  writeFileSync(file, source);
  const r = spawnSync('php', [file], { encoding: 'utf8', timeout: 120_000 });
  const last = r.stdout.trim().split('\n').pop() ?? '';
  if (r.status !== 0 || !last.startsWith('{'))
    throw new Error(`php ${script} failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  return JSON.parse(last) as T;
}

export interface WordPress {
  /** The site's address: `http://127.0.0.1:PORT`, its origin, or with the `path` it was started at. */
  url: string;
  /** The WordPress directory the site is served from (a test may add an mu-plugin there). */
  root: string;
  version: string;
  theme: string;
  /** The administrator's, the Author's and the Editor's logins (password = login + '-pass-123'). */
  admin: string;
  author: string;
  editor: string;
  /** The Author's application password, for the REST API. */
  authorAppPassword: string;
  /** The Editor's application password. */
  editorAppPassword: string;
  /** Whether WordPress gives the Editor `unfiltered_html` (it does on a single site). */
  editorUnfilteredHtml: boolean;
  /** The proxy URL option after the setup script stored `${proxy}/conf-widgets.js` (normalized by the plugin). */
  storedProxyUrl: string;
  /** PHP's log (warnings, notices, deprecations) of everything the site did so far. */
  debugLog(): string;
  /** Stores options as the setup does (through the plugin's sanitizing), e.g. to put a known state back. */
  setOptions(values: Record<string, unknown>): void;
  close(): Promise<void>;
}

/** Logs `user` in through wp-login.php in a new page of `context`; answers the admin page it lands on. */
export async function logIn(wp: Pick<WordPress, 'url'>, context: BrowserContext, user: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${wp.url}/wp-login.php`);
  await page.fill('#user_login', user);
  await page.fill('#user_pass', `${user}-pass-123`);
  await Promise.all([page.waitForURL(/wp-admin/, { timeout: 60_000 }), page.click('#wp-submit')]);
  return page;
}

const PHP_HEAD = (wp: string, host: string, path: string) => `<?php
$_SERVER['HTTP_HOST'] = ${JSON.stringify(host)};
$_SERVER['REQUEST_URI'] = ${JSON.stringify(`${path}/`)};
require ${JSON.stringify(join(wp, 'wp-load.php'))};
`;

export interface WordPressOptions {
  /**
   * Where WordPress lives below the origin (`/blog`: the site is `http://127.0.0.1:PORT/blog/`,
   * `php -S` serves the directory above it); '' (the default) for the domain's root.
   */
  path?: string;
  /** Options stored once the plugin is active (through its sanitizing), e.g. its key mode. */
  options?: Record<string, unknown>;
}

/**
 * Starts MariaDB and WordPress, installs WordPress (an administrator, an Author and an Editor
 * with application passwords), installs the plugin from the ZIP `npm run build` makes and activates
 * it, and sets its proxy URL to `proxyUrl`.
 */
export async function startWordPress(
  proxyUrl: (siteOrigin: string) => Promise<string>,
  { path = '', options = {} }: WordPressOptions = {},
): Promise<WordPress> {
  if (path !== '' && !/^(\/[a-z0-9-]+)+$/.test(path)) throw new Error(`startWordPress: path ${path} is not /a-z0-9-`);
  const dir = mkdtempSync(join(tmpdir(), 'conf-widgets-wp-'));
  const children: ChildProcess[] = [];
  const close = async () => {
    await Promise.all(children.map(stop));
    for (const child of children) running.delete(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const isRoot = process.getuid?.() === 0;
    // MariaDB: its own data directory and socket; root may run it only as --user=root.
    const dbPort = await freePort();
    const dbLog = join(dir, 'mariadb.log');
    const install = spawnSync(
      'mariadb-install-db',
      [
        '--no-defaults',
        `--datadir=${dir}/db`,
        '--auth-root-authentication-method=normal',
        '--skip-test-db',
        ...(isRoot ? ['--user=root'] : []),
      ],
      { encoding: 'utf8', timeout: 180_000 },
    );
    if (install.status !== 0) throw new Error(`mariadb-install-db failed:\n${install.stdout}\n${install.stderr}`);
    const mariadbd = existsSync('/usr/sbin/mariadbd') ? '/usr/sbin/mariadbd' : 'mariadbd';
    const db = spawn(
      mariadbd,
      [
        '--no-defaults',
        `--datadir=${dir}/db`,
        '--skip-networking=0',
        '--bind-address=127.0.0.1',
        `--port=${dbPort}`,
        `--socket=${dir}/mariadb.sock`,
        `--pid-file=${dir}/mariadb.pid`,
        '--skip-log-bin',
        '--innodb-buffer-pool-size=32M',
        ...(isRoot ? ['--user=root'] : []),
      ],
      { stdio: ['ignore', openSync(dbLog, 'a'), openSync(dbLog, 'a')], detached: true },
    );
    children.push(db);
    running.add(db);
    await waitFor('MariaDB', () => canConnect(dbPort), db, dbLog, 60_000);

    // WordPress: a copy, so its own wp-config.php (Debian's reads /etc/wordpress/config-<host>.php).
    const wpPort = await freePort();
    const host = `127.0.0.1:${wpPort}`;
    const origin = `http://${host}`;
    const url = `${origin}${path}`;
    // php -S serves `docroot`; WordPress is there, or in the folder `path` names below it (a URL
    // below the site matches no file, and php -S answers it with the nearest index.php above it:
    // WordPress's, as a web server's rewrite rules would).
    const docroot = join(dir, 'wp');
    const wp = join(docroot, ...path.split('/').filter(Boolean));
    mkdirSync(wp, { recursive: true });
    cpSync(WORDPRESS_ROOT, wp, {
      recursive: true,
      dereference: true,
      filter: (src) => !src.startsWith(`${WORDPRESS_ROOT}/wp-content`) && src !== `${WORDPRESS_ROOT}/wp-config.php`,
    });
    for (const sub of ['plugins', 'themes', 'uploads', 'mu-plugins'])
      mkdirSync(join(wp, 'wp-content', sub), { recursive: true });
    cpSync(`${WORDPRESS_ROOT}/wp-content/themes/${THEME}`, join(wp, 'wp-content', 'themes', THEME), {
      recursive: true,
      dereference: true,
    });
    // No mail program here: WordPress's mails (the new site's notice) go nowhere.
    writeFileSync(join(wp, 'wp-content', 'mu-plugins', 'no-mail.php'), '<?php\nfunction wp_mail() { return true; }\n');
    // A site icon, as a real site has: without one the browser's /favicon.ico is a 404 that
    // php -S answers itself, a console error the page checks would count.
    writeFileSync(
      join(wp, 'wp-content', 'mu-plugins', 'site-icon.php'),
      '<?php\nadd_action(\'wp_head\', static function () { echo \'<link rel="icon" href="data:,">\'; });\n',
    );
    const salts = [
      'AUTH_KEY',
      'SECURE_AUTH_KEY',
      'LOGGED_IN_KEY',
      'NONCE_KEY',
      'AUTH_SALT',
      'SECURE_AUTH_SALT',
      'LOGGED_IN_SALT',
      'NONCE_SALT',
    ];
    writeFileSync(
      join(wp, 'wp-config.php'),
      `<?php
define('DB_NAME', 'wordpress');
define('DB_USER', 'root');
define('DB_PASSWORD', '');
define('DB_HOST', '127.0.0.1:${dbPort}');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
// Application passwords need HTTPS, or a 'local' site.
define('WP_ENVIRONMENT_TYPE', 'local');
define('WP_HOME', '${url}');
define('WP_SITEURL', '${url}');
define('FS_METHOD', 'direct');
define('AUTOMATIC_UPDATER_DISABLED', true);
define('DISABLE_WP_CRON', true);
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('WP_DEBUG', true);
define('WP_DEBUG_LOG', __DIR__ . '/../debug.log');
define('WP_DEBUG_DISPLAY', false);
${salts.map((k) => `define('${k}', '${k.toLowerCase()}-${Math.random().toString(36).slice(2)}');`).join('\n')}
$table_prefix = 'wp_';
if (!defined('ABSPATH')) define('ABSPATH', __DIR__ . '/');
require_once ABSPATH . 'wp-settings.php';
`,
    );
    const created = spawnSync(
      'php',
      [
        '-r',
        `$db = new mysqli('127.0.0.1', 'root', '', '', ${dbPort}); exit($db->query('CREATE DATABASE wordpress') ? 0 : 1);`,
      ],
      { encoding: 'utf8' },
    );
    if (created.status !== 0) throw new Error(`CREATE DATABASE failed:\n${created.stdout}\n${created.stderr}`);

    const zip = join(dir, 'conf-widgets-wordpress.zip');
    writeFileSync(zip, zipDirectory(PLUGIN_DIR, 'conf-widgets'));
    php(
      dir,
      'install.php',
      `<?php
define('WP_INSTALLING', true);
${PHP_HEAD(wp, host, path).replace('<?php\n', '')}
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
$r = wp_install('Conference', 'admin', 'admin@example.org', false, '', 'admin-pass-123');
echo json_encode(array('user' => $r['user_id'])), "\\n";
`,
    );
    // The plugin from its ZIP, as Plugins → Add New → Upload Plugin would (WordPress's own unzip).
    const setup = php<{
      author: number;
      app: string;
      editorApp: string;
      editorUnfiltered: boolean;
      version: string;
      theme: string;
      active: boolean;
      error?: string;
    }>(
      dir,
      'setup.php',
      `${PHP_HEAD(wp, host, path)}
require_once ABSPATH . 'wp-admin/includes/file.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';
WP_Filesystem();
$unzipped = unzip_file(${JSON.stringify(zip)}, WP_PLUGIN_DIR);
if (is_wp_error($unzipped)) { echo json_encode(array('error' => 'unzip: ' . $unzipped->get_error_message())), "\\n"; exit(1); }
$activated = activate_plugin('conf-widgets/conf-widgets.php');
if (is_wp_error($activated)) { echo json_encode(array('error' => 'activate: ' . $activated->get_error_message())), "\\n"; exit(1); }
$author = wp_insert_user(array('user_login' => 'author', 'user_pass' => 'author-pass-123', 'user_email' => 'author@example.org', 'role' => 'author'));
list($app) = WP_Application_Passwords::create_new_application_password($author, array('name' => 'e2e'));
$editor = wp_insert_user(array('user_login' => 'editor', 'user_pass' => 'editor-pass-123', 'user_email' => 'editor@example.org', 'role' => 'editor'));
list($editorApp) = WP_Application_Passwords::create_new_application_password($editor, array('name' => 'e2e'));
echo json_encode(array('author' => $author, 'app' => $app, 'editorApp' => $editorApp, 'editorUnfiltered' => user_can($editor, 'unfiltered_html'), 'version' => get_bloginfo('version'), 'theme' => get_stylesheet(), 'active' => is_plugin_active('conf-widgets/conf-widgets.php'))), "\\n";
`,
    );
    if (!setup.active) throw new Error('the plugin did not activate');

    const phpLog = join(dir, 'php-server.log');
    const server = spawn('php', ['-S', host, '-t', docroot], {
      stdio: ['ignore', openSync(phpLog, 'a'), openSync(phpLog, 'a')],
      // Several workers: the browser loads a page's styles and scripts at once.
      env: { ...process.env, PHP_CLI_SERVER_WORKERS: '4' },
      detached: true,
    });
    children.push(server);
    running.add(server);
    await waitFor(
      'php -S',
      async () => (await fetch(`${url}/wp-login.php`).catch(() => null))?.status === 200,
      server,
      phpLog,
      60_000,
    );

    // With the plugin loaded, so its sanitizing of each option runs (a pasted script URL, a key).
    const setOptions = (values: Record<string, unknown>) =>
      php<{ stored: string }>(
        dir,
        'set-options.php',
        `${PHP_HEAD(wp, host, path)}
foreach (json_decode(base64_decode('${Buffer.from(JSON.stringify(values)).toString('base64')}'), true) as $name => $value) update_option($name, $value);
echo json_encode(array('stored' => get_option('conf_widgets_proxy_url'))), "\\n";
`,
      );
    const proxy = await proxyUrl(origin);
    const { stored } = setOptions({ conf_widgets_proxy_url: `${proxy}/conf-widgets.js`, ...options });

    return {
      url,
      root: wp,
      version: setup.version,
      theme: setup.theme,
      admin: 'admin',
      author: 'author',
      editor: 'editor',
      authorAppPassword: setup.app,
      editorAppPassword: setup.editorApp,
      editorUnfilteredHtml: setup.editorUnfiltered,
      storedProxyUrl: stored,
      debugLog: () => (existsSync(join(dir, 'debug.log')) ? readFileSync(join(dir, 'debug.log'), 'utf8') : ''),
      setOptions: (values) => void setOptions(values),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

const PROBE_CONSOLE_LINE =
  'console error: Failed to load resource: the server responded with a status of 404 (Not Found)';

/**
 * A page's problems (browser.ts `watchPage`) without the forms' question whether the site asks for
 * a write challenge: with the challenge off `GET <site>/challenge` is answered 404, as the Node
 * proxy answers it, and Chromium logs each such 404 once more on the console.
 */
export function withoutChallengeProbe(problems: string[], siteUrl: string): string[] {
  const probe = `HTTP 404: GET ${siteUrl}/challenge`;
  let consoleLines = problems.filter((p) => p === probe).length;
  return problems.filter((p) => {
    if (p === probe) return false;
    if (p === PROBE_CONSOLE_LINE && consoleLines > 0) {
      consoleLines--;
      return false;
    }
    return true;
  });
}

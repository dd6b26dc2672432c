// The WordPress plugin's installable archive (Plugins → Add New → Upload Plugin): the plugin
// directory and, under `dist/`, the built loader and its chunks (and the kiosk's decoder), which
// the plugin serves itself when this WordPress site holds the API key, so no other host is needed.
// The .br/.gz copies stay out: a PHP host serves what it finds, and compresses (or not) itself.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHUNK_DIR } from './bundle-config.mjs';
import { zipDirectory } from './zip.mjs';

export const WORDPRESS_PLUGIN_DIR = 'integrations/wordpress/conf-widgets';

/**
 * Copies the built loader and chunks from `distDir` into `pluginDir/dist/`.
 * @param {string} pluginDir
 * @param {string} [distDir]
 */
export function copyBundleInto(pluginDir, distDir = 'dist') {
  if (!existsSync(join(distDir, 'conf-widgets.js')))
    throw new Error(`${distDir}/conf-widgets.js is missing: run npm run build first`);
  cpSync(join(distDir, 'conf-widgets.js'), join(pluginDir, 'dist', 'conf-widgets.js'));
  cpSync(join(distDir, CHUNK_DIR), join(pluginDir, 'dist', CHUNK_DIR), {
    recursive: true,
    filter: (f) => !/\.(br|gz)$/.test(f),
  });
}

/** The archive's bytes. */
export function wordpressPluginZip(distDir = 'dist') {
  const stage = mkdtempSync(join(tmpdir(), 'conf-widgets-wp-zip-'));
  try {
    cpSync(WORDPRESS_PLUGIN_DIR, stage, { recursive: true });
    copyBundleInto(stage, distDir);
    return zipDirectory(stage, 'conf-widgets');
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/** See wordpress-zip.mjs. */
export const WORDPRESS_PLUGIN_DIR: string;
export function copyBundleInto(pluginDir: string, distDir?: string): void;
export function wordpressPluginZip(distDir?: string): Buffer;

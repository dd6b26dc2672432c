/**
 * `npx vite build`: the loader alone, dist/conf-widgets.js with its element, core and translation chunks in
 * dist/conf-widgets/, built with exactly the settings `npm run build` uses for it
 * (scripts/bundle-config.mjs). scripts/build.mjs is the full build: this bundle, the per-element
 * entries, dist/esm with type declarations, dist/node, the custom elements manifest and the size
 * report. Use it for anything that ships.
 */
import { defineConfig, type UserConfig } from 'vite';
// @ts-expect-error -- plain JavaScript without declarations (build.mjs runs under bare node); typed below.
import { bundleConfig as untypedBundleConfig } from './scripts/bundle-config.mjs';

type BundleConfig = (options: { entry: string; file: string; split?: boolean }) => UserConfig;
const bundleConfig: BundleConfig = untypedBundleConfig;

export default defineConfig(() =>
  // Storybook's Vite builder reads this file too and would take over its plugins; the stories are
  // built from the sources as they are, so Storybook gets nothing from here.
  process.env.STORYBOOK === 'true'
    ? {}
    : bundleConfig({ entry: 'src/loader.ts', file: 'conf-widgets.js', split: true }),
);

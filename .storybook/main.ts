/**
 * Storybook for the elements. In `npm run storybook` the Vite dev server also answers the API the
 * stories call, same-origin: the proxy in front of an in-memory sandbox (the same pair the browser
 * tests use), so `/api/public/v1`, `/uploads` and `/__admin` work with no other process. A built
 * Storybook is static files and cannot run that middleware: `npm start` serves it at `/storybook/`
 * beside the API, or point it at a running `npm start` with the toolbar's endpoint.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StorybookConfig } from '@storybook/web-components-vite';
import type { Plugin } from 'vite';

const API_PATHS = /^\/(api\/public\/v1|uploads|__admin)(\/|\?|$)/;

interface StoryApi {
  fetch(request: Request): Promise<Response>;
}

/** Loads the TypeScript API (NodeNext `.js` specifiers) through tsx, which this loader cannot. */
async function loadApi(publicOrigin: string[]): Promise<StoryApi> {
  const { tsImport } = await import('tsx/esm/api');
  const mod = (await tsImport('../test/browser/api-server.ts', import.meta.url)) as {
    createTestApi(options: { publicOrigin: string[] }): Promise<StoryApi>;
  };
  return mod.createTestApi({ publicOrigin });
}

function sandboxApi(): Plugin {
  return {
    name: 'conf-widgets-sandbox-api',
    async configureServer(server) {
      const { getRequestListener } = await import('@hono/node-server');
      let api: Promise<StoryApi> | null = null;
      // The stories write to the proxy on their own origin, which it allows only when told
      // (never from the Host header); the addresses are known once the server listens.
      const origins = () =>
        [...(server.resolvedUrls?.local ?? []), ...(server.resolvedUrls?.network ?? [])].map((u) => new URL(u).origin);
      const listener = getRequestListener(async (req) => (await (api ??= loadApi(origins()))).fetch(req));
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        if (!API_PATHS.test(req.url ?? '')) return next();
        void listener(req, res);
      });
    },
  };
}

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.ts'],
  framework: { name: '@storybook/web-components-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  async viteFinal(viteConfig, { configType }) {
    return {
      ...viteConfig,
      plugins: [...(viteConfig.plugins ?? []), ...(configType === 'DEVELOPMENT' ? [sandboxApi()] : [])],
      // The stories' bundle is big (every element, each story's fixtures); that is expected.
      build: { ...viteConfig.build, chunkSizeWarningLimit: 2000 },
    };
  },
};

export default config;

/**
 * Every story runs the real elements (`src/index.ts`) against the sandbox. The toolbar's endpoint
 * wraps stories in `<conf-provider endpoint>`, for a built Storybook served away from the API.
 */
import type { Decorator, Preview } from '@storybook/web-components-vite';
import '../src/index.js';
import { installScenarios } from '../stories/scenarios.js';

installScenarios();

const withEndpoint: Decorator = (story, context) => {
  const endpoint = String(context.globals['endpoint'] ?? '').trim();
  if (!endpoint) return story();
  const provider = document.createElement('conf-provider');
  provider.setAttribute('endpoint', endpoint);
  const rendered: unknown = story();
  if (rendered instanceof Node) provider.append(rendered);
  return provider;
};

const preview: Preview = {
  decorators: [withEndpoint],
  globalTypes: {
    endpoint: {
      description: 'Proxy address for every story (empty: this origin, where `npm run storybook` serves the sandbox).',
      toolbar: {
        title: 'Endpoint',
        icon: 'globe',
        items: [
          { value: '', title: 'This origin (sandbox)' },
          { value: 'http://127.0.0.1:8787', title: 'npm start on :8787' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { endpoint: '' },
  parameters: {
    controls: { expanded: true, sort: 'requiredFirst' },
    layout: 'padded',
    options: {
      storySort: {
        order: [
          'Elements',
          [
            'conf-schedule',
            'conf-speakers',
            'conf-abstracts',
            'conf-exhibits',
            'conf-registration-form',
            'conf-exhibit-form',
          ],
        ],
      },
    },
  },
};

export default preview;

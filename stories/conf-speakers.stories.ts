import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { THEMES } from '../src/core/conf-element.js';
import { asyncStates, render, says } from './kit.js';
import { argTypesFor, summary } from './manifest.js';

const TAG = 'conf-speakers';

const meta: Meta = {
  title: 'Elements/conf-speakers',
  component: TAG,
  render: render(TAG),
  argTypes: argTypesFor(TAG, { theme: THEMES, lang: ['en', 'de', 'fr', 'es'] }),
  args: {},
  parameters: { docs: { description: { component: summary(TAG) } } },
};
export default meta;
type Story = StoryObj;

export const Playground: Story = {
  parameters: says('Every speaker of the demo conference as cards; a card opens the bio and the sessions.'),
};

export const Search: Story = {
  name: 'Options: initial search',
  args: { query: 'Digital' },
  parameters: says('`query` starts the search with a name or an organization, as a link from another page would.'),
};

const states = asyncStates('speakers');
export const Loading: Story = states.Loading;
export const Empty: Story = states.Empty;
export const ErrorView: Story = states.Error;
export const Stale: Story = states.Stale;

export const Dark: Story = {
  name: 'Theming: dark',
  args: { theme: 'dark' },
  parameters: { ...says('`theme="dark"` for dark sites.'), backgrounds: { value: '#10141c' } },
};

export const Brand: Story = {
  name: 'Theming: brand',
  args: { '--conf-color-primary': '#0f6b5c', '--conf-speakers-photo-size': '64px', '--conf-radius': '2px' },
  parameters: says('The brand colour, a smaller photo and square cards, all through custom properties.'),
};

export const German: Story = {
  name: 'Accessibility: German',
  args: { lang: 'de' },
  parameters: says('German texts; cards are buttons, the dialog traps focus and returns it on close.'),
};

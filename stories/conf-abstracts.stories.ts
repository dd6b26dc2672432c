import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { THEMES } from '../src/core/conf-element.js';
import { asyncStates, render, says } from './kit.js';
import { argTypesFor, summary } from './manifest.js';

const TAG = 'conf-abstracts';

const meta: Meta = {
  title: 'Elements/conf-abstracts',
  component: TAG,
  render: render(TAG),
  argTypes: argTypesFor(TAG, { theme: THEMES, lang: ['en', 'de', 'fr', 'es'] }),
  args: {},
  parameters: { docs: { description: { component: summary(TAG) } } },
};
export default meta;
type Story = StoryObj;

export const Playground: Story = {
  parameters: says('The accepted abstracts with their authors, a page at a time; one opens in full.'),
};

export const SmallPages: Story = {
  name: 'Options: small pages',
  args: { 'page-size': 5 },
  parameters: says('`page-size="5"`: five at a time, with "load more" for the rest.'),
};

export const Query: Story = {
  name: 'Options: initial search',
  args: { query: 'security' },
  parameters: says('`query` opens the list already searched.'),
};

const states = asyncStates('abstracts');
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
  args: { '--conf-color-primary': '#6b3fa0', '--conf-font': 'Georgia, serif' },
  parameters: says("The brand colour and the site's serif through custom properties."),
};

export const German: Story = {
  name: 'Accessibility: German',
  args: { lang: 'de' },
  parameters: says('German texts; search, filters, "load more" and the detail dialog work from the keyboard.'),
};

import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { EXHIBIT_TYPES } from '../src/api/contract.js';
import { THEMES } from '../src/core/conf-element.js';
import { asyncStates, render, says } from './kit.js';
import { argTypesFor, summary } from './manifest.js';

const TAG = 'conf-exhibits';

const meta: Meta = {
  title: 'Elements/conf-exhibits',
  component: TAG,
  render: render(TAG),
  argTypes: argTypesFor(TAG, { theme: THEMES, lang: ['en', 'de', 'fr', 'es'], type: EXHIBIT_TYPES }),
  args: {},
  parameters: { docs: { description: { component: summary(TAG) } } },
};
export default meta;
type Story = StoryObj;

export const Playground: Story = {
  parameters: says('The published exhibits, filterable by type; one opens in full.'),
};

export const Sponsors: Story = {
  name: 'Options: sponsors only',
  args: { type: 'sponsor' },
  parameters: says('`type="sponsor"`: only the sponsors, as searchable cards; no chips to widen it.'),
};

export const SponsorWall: Story = {
  name: 'Options: sponsor wall',
  args: { type: 'sponsor', display: 'wall' },
  parameters: says(
    '`display="wall"`: logos only (the name where there is none), each linking to the sponsor\'s website; no search or chips.',
  ),
};

export const WallByType: Story = {
  name: 'Options: wall grouped by type',
  args: { display: 'wall', 'group-by': 'type' },
  parameters: says('`group-by="type"`: every exhibitor on the wall, under a heading per type.'),
};

const states = asyncStates('exhibits');
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
  args: { '--conf-color-primary': '#c25e00', '--conf-radius': '16px' },
  parameters: says('A warm brand colour and rounder cards through custom properties.'),
};

export const German: Story = {
  name: 'Accessibility: German',
  args: { lang: 'de' },
  parameters: says('German texts; the type filter is a group of toggle buttons, the dialog works from the keyboard.'),
};

import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { THEMES } from '../src/core/conf-element.js';
import { asyncStates, render, says } from './kit.js';
import { argTypesFor, element, summary } from './manifest.js';

const TAG = 'conf-site-nav';

const meta: Meta = {
  title: 'Elements/conf-site-nav',
  component: TAG,
  render: render(TAG),
  argTypes: argTypesFor(TAG, { theme: THEMES, lang: ['en', 'de', 'fr', 'es'] }),
  args: { 'href-pattern': '#info-{slug}' },
  parameters: { docs: { description: { component: summary(TAG) } } },
};
export default meta;
type Story = StoryObj;

export const Playground: Story = {
  parameters: says(
    "The site's navigation from /website/site, each page linked through `href-pattern`; a click marks the link as the current page.",
  ),
};

export const Current: Story = {
  name: 'Options: current page and conference',
  args: { current: 'faq', 'show-conference': true, label: 'Conference information' },
  parameters: says(
    '`current` marks a page with `aria-current="page"` when the address does not tell; `show-conference` starts the nav with the name, dates and city.',
  ),
};

export const Narrow: Story = {
  name: 'Options: narrow',
  render: (args) => {
    const box = document.createElement('div');
    box.style.maxWidth = '320px';
    box.append(element(TAG, args));
    return box;
  },
  parameters: says('Below 480 px of width the links fold behind a menu button that names the current page.'),
};

const states = asyncStates('the navigation');
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
  args: { '--conf-color-primary': '#0f6b5c', current: 'about' },
  parameters: says("The current page's underline in the brand colour."),
};

export const German: Story = {
  name: 'Accessibility: German',
  args: { lang: 'de' },
  parameters: says('German texts; a `<nav>` landmark with its own name, links in reading order.'),
};

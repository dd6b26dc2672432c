import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { THEMES } from '../src/core/conf-element.js';
import { asyncStates, render, says } from './kit.js';
import { argTypesFor, summary } from './manifest.js';

const TAG = 'conf-page';

const meta: Meta = {
  title: 'Elements/conf-page',
  component: TAG,
  render: render(TAG),
  argTypes: argTypesFor(TAG, { theme: THEMES, lang: ['en', 'de', 'fr', 'es'] }),
  args: { slug: 'about' },
  parameters: { docs: { description: { component: summary(TAG) } } },
};
export default meta;
type Story = StoryObj;

export const Playground: Story = {
  parameters: says("The demo conference's About page from /website/site: its title and paragraphs, as plain text."),
};

export const WithConference: Story = {
  name: 'Options: show-conference',
  args: { slug: 'venue-and-travel', 'show-conference': true },
  parameters: says("`show-conference` puts the conference's name, dates and city above the page."),
};

export const NotFound: Story = {
  name: 'Options: unknown slug',
  args: { slug: 'no-such-page' },
  parameters: says(
    'A slug the site does not have: a clear "not found" (and `conf-error`), the known slugs in the console.',
  ),
};

const states = asyncStates('the page');
export const Loading: Story = states.Loading;
export const Empty: Story = states.Empty;
export const ErrorView: Story = states.Error;
export const Stale: Story = states.Stale;

export const Dark: Story = {
  name: 'Theming: dark',
  args: { theme: 'dark', 'show-conference': true },
  parameters: { ...says('`theme="dark"` for dark sites.'), backgrounds: { value: '#10141c' } },
};

export const Measure: Story = {
  name: 'Theming: line length',
  args: { '--conf-page-measure': '45ch', '--conf-font': 'Georgia, serif' },
  parameters: says("A shorter line and the site's serif, through custom properties."),
};

export const German: Story = {
  name: 'Accessibility: German',
  args: { lang: 'de', slug: 'nope' },
  parameters: says(
    "German texts; the not-found view is an alert, the title an `<h2>` under the CMS page's own heading.",
  ),
};

import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { THEMES } from '../src/core/conf-element.js';
import { argTypesFor, element, summary } from './manifest.js';
import { asyncStates, render, says } from './kit.js';
import { scenarioEndpoint } from './scenarios.js';

const TAG = 'conf-registration-form';

const meta: Meta = {
  title: 'Elements/conf-registration-form',
  component: TAG,
  render: render(TAG),
  argTypes: argTypesFor(TAG, { theme: THEMES, lang: ['en', 'de'] }),
  args: {},
  parameters: { docs: { description: { component: summary(TAG) } } },
};
export default meta;
type Story = StoryObj;

export const Playground: Story = {
  parameters: says('The form as the registration config describes it; choose a paid ticket to see the payment section with the proof upload.'),
};

export const Prefilled: Story = {
  name: 'Options: prefilled by a vendor site',
  args: { ticket: 'tt-regular', 'data-prefill-first-name': 'Ada', 'data-prefill-last-name': 'Lovelace', 'data-prefill-email': 'ada@example.org' },
  parameters: says('`ticket="tt-regular"` and `data-prefill-*` attributes: a site that already knows the person fills what it knows.'),
};

export const Closed: Story = {
  name: 'States: closed',
  render: (args) => element(TAG, { ...args, endpoint: scenarioEndpoint('closed') }),
  parameters: says('`public_registration_enabled: false`: the closed message instead of the form.'),
};

export const TryLater: Story = {
  name: 'States: try later',
  render: (args) => element(TAG, { ...args, endpoint: scenarioEndpoint('try-later') }),
  parameters: says('`open_phase: null`: registration is enabled but no pricing phase is open, so the form says to come back later.'),
};

export const OwnMessages: Story = {
  name: 'States: closed, own message',
  render: (args) => {
    const el = element(TAG, { ...args, endpoint: scenarioEndpoint('closed') });
    el.innerHTML = '<p slot="closed">Registration opens again for next year\'s edition in March. <a href="#">Get notified</a>.</p>';
    return el;
  },
  parameters: says('The `closed` slot replaces the closed message with the organizer\'s own words and links.'),
};

const states = asyncStates('the registration config');
export const Loading: Story = states.Loading;
export const ErrorView: Story = states.Error;

export const Dark: Story = {
  name: 'Theming: dark',
  args: { theme: 'dark' },
  parameters: { ...says('`theme="dark"` for dark sites.'), backgrounds: { value: '#10141c' } },
};

export const Brand: Story = {
  name: 'Theming: brand',
  args: { '--conf-color-primary': '#0f7b5f', '--conf-radius': '2px', '--conf-form-gap': '1.2em' },
  parameters: says('A brand colour, square corners and more air between the fields through custom properties.'),
};

export const German: Story = {
  name: 'Accessibility: German',
  args: { lang: 'de' },
  parameters: says('German texts. Every control has a label; errors appear beside their fields and in a live region; it works from the keyboard alone.'),
};

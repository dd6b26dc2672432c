import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { THEMES } from '../src/core/conf-element.js';
import { argTypesFor, summary } from './manifest.js';
import { render, says } from './kit.js';

const TAG = 'conf-exhibit-form';

const meta: Meta = {
  title: 'Elements/conf-exhibit-form',
  component: TAG,
  render: render(TAG),
  argTypes: argTypesFor(TAG, { theme: THEMES, lang: ['en', 'de'] }),
  args: {},
  parameters: { docs: { description: { component: summary(TAG) } } },
};
export default meta;
type Story = StoryObj;

export const Playground: Story = {
  parameters: says('An exhibitor\'s application. Whatever the server refuses (a closed window, a missing registration, an unpaid fee) updates the form.'),
};

export const FeeAndRegistration: Story = {
  name: 'Options: fee and registration declared',
  args: { fee: '450 EUR', 'registration-required': true },
  parameters: says('`fee="450 EUR"` and `registration-required`: the payment section with the proof upload and the registration number are asked for up front.'),
};

export const NotOpen: Story = {
  name: 'States: not open yet',
  args: { opens: '2099-03-01T09:00:00Z' },
  parameters: says('`opens` in the future: the date applications open, instead of the form.'),
};

export const Closed: Story = {
  name: 'States: closed',
  args: { closes: '2020-03-01T09:00:00Z' },
  parameters: says('`closes` in the past (or the server\'s `exhibition_closed`): the date applications closed.'),
};

export const Dark: Story = {
  name: 'Theming: dark',
  args: { theme: 'dark', fee: '450 EUR' },
  parameters: { ...says('`theme="dark"` for dark sites.'), backgrounds: { value: '#10141c' } },
};

export const German: Story = {
  name: 'Accessibility: German',
  args: { lang: 'de', fee: '450 EUR' },
  parameters: says('German texts; team rows are added and removed from the keyboard, and focus lands on the row that follows.'),
};

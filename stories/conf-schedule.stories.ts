import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { THEMES } from '../src/core/conf-element.js';
import { VIEWS } from '../src/elements/schedule/schedule.js';
import { asyncStates, render, says } from './kit.js';
import { argTypesFor, summary } from './manifest.js';

const TAG = 'conf-schedule';

const meta: Meta = {
  title: 'Elements/conf-schedule',
  component: TAG,
  render: render(TAG),
  argTypes: argTypesFor(TAG, { view: VIEWS, theme: THEMES, lang: ['en', 'de', 'fr', 'es'] }),
  args: { view: 'list' },
  parameters: { docs: { description: { component: summary(TAG) } } },
};
export default meta;
type Story = StoryObj;

export const Playground: Story = {
  parameters: says(
    'The demo conference from the sandbox, as `<conf-schedule></conf-schedule>` shows it; every attribute is a control.',
  ),
};

export const Grid: Story = {
  name: 'Options: grid view',
  args: { view: 'grid' },
  parameters: says(
    'Rooms as columns and time down the side, events sized by their length; scrolls sideways on a phone.',
  ),
};

export const Screen: Story = {
  name: 'Options: venue screen',
  args: { view: 'screen', theme: 'dark' },
  parameters: {
    ...says('The lobby screen: big type, a clock, what is on now and next in every room; it refreshes itself.'),
    layout: 'fullscreen',
  },
};

export const OneRoom: Story = {
  name: 'Options: one room on a screen',
  args: { view: 'screen', venue: 'ven-main-hall', theme: 'dark' },
  parameters: { ...says("The screen beside one room's door: `venue` names the room."), layout: 'fullscreen' },
};

export const ViewerTime: Story = {
  name: "Options: viewer's time zone",
  args: { 'time-zone': 'local' },
  parameters: says('`time-zone="local"` shows every time in the viewer\'s zone instead of the conference\'s.'),
};

const states = asyncStates('events');
export const Loading: Story = states.Loading;
export const Empty: Story = states.Empty;
export const ErrorView: Story = states.Error;
export const Stale: Story = states.Stale;

export const Dark: Story = {
  name: 'Theming: dark',
  args: { theme: 'dark' },
  parameters: {
    ...says(
      '`theme="dark"`; without a theme the element follows the page\'s colour scheme, and `auto` the viewer\'s system setting.',
    ),
    backgrounds: { value: '#10141c' },
  },
};

export const Brand: Story = {
  name: 'Theming: brand',
  args: { '--conf-color-primary': '#b3261e', '--conf-font': 'Georgia, serif', '--conf-radius': '0' },
  parameters: says(
    'One brand colour, a font and square corners through `--conf-*` custom properties; accents derive from the colour.',
  ),
};

export const German: Story = {
  name: 'Accessibility: German',
  args: { lang: 'de' },
  parameters: says(
    'Texts and dates in German, from `lang` on the element or the page; tabs, filters and the dialog work from the keyboard.',
  ),
};

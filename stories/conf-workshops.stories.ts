import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { THEMES } from '../src/core/conf-element.js';
import { asyncStates, render, says } from './kit.js';
import { argTypesFor, element, summary } from './manifest.js';
import { scenarioEndpoint } from './scenarios.js';

const TAG = 'conf-workshops';

const meta: Meta = {
  title: 'Elements/conf-workshops',
  component: TAG,
  render: render(TAG),
  argTypes: argTypesFor(TAG, { theme: THEMES, lang: ['en', 'de', 'fr', 'es'] }),
  args: {},
  parameters: { docs: { description: { component: summary(TAG) } } },
};
export default meta;
type Story = StoryObj;

export const Playground: Story = {
  args: { 'draft-key': 'story-workshops-playground' },
  parameters: says(
    'The published workshops with time, room, price and seats; "Enroll" opens a workshop, and the answer is a seat or a waiting-list place with its position.',
  ),
};

export const OneWorkshop: Story = {
  name: 'Options: one workshop',
  args: { workshop: 'ws-capacity-3', 'draft-key': 'story-workshops-one' },
  parameters: says(
    '`workshop="ws-capacity-3"` opens that workshop\'s enroll view at once (a page about one workshop). It has three seats: the fourth person joins the waiting list.',
  ),
};

export const KnownRegistration: Story = {
  name: 'Options: registration known to the page',
  args: { workshop: 'ws-sqlite-production', 'registration-id': 'reg-0002', 'draft-key': 'story-workshops-known' },
  parameters: says(
    '`registration-id` from a host page that knows the person: nothing to type. A paid workshop asks for the payment proof once the seat is taken.',
  ),
};

export const Outage: Story = {
  name: 'States: enrollment during an outage',
  args: { workshop: 'ws-threat-modelling', 'draft-key': 'story-workshops-outage' },
  render: (args) => element(TAG, { ...args, endpoint: scenarioEndpoint('submit-outage') }),
  parameters: says(
    'Every enrollment is answered 503: the element retries under one key, then offers "Try again"; nothing is booked twice.',
  ),
};

export const German: Story = {
  name: 'Accessibility: German',
  args: { lang: 'de' },
  parameters: says('`lang="de"`: every text, prices and dates in German.'),
};

const states = asyncStates('workshops');
export const Loading: Story = states.Loading;
export const Empty: Story = states.Empty;
export const ErrorView: Story = states.Error;
export const Stale: Story = states.Stale;

import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { THEMES } from '../src/core/conf-element.js';
import { render, says } from './kit.js';
import { argTypesFor, element, summary } from './manifest.js';
import { scenarioEndpoint } from './scenarios.js';

const TAG = 'conf-abstract-form';

const meta: Meta = {
  title: 'Elements/conf-abstract-form',
  component: TAG,
  render: render(TAG),
  argTypes: argTypesFor(TAG, { theme: THEMES, lang: ['en', 'de', 'fr', 'es'] }),
  args: {},
  parameters: { docs: { description: { component: summary(TAG) } } },
};
export default meta;
type Story = StoryObj;

export const Playground: Story = {
  args: { 'draft-key': 'story-abstract-playground' },
  parameters: says(
    'Title, registration number, authors in order (add, remove, move) and up to five PDFs, sent to the sandbox as one submission.',
  ),
};

export const KnownRegistration: Story = {
  name: 'Options: registration known, title prefilled',
  args: {
    'registration-id': 'reg-0002',
    'data-prefill-title': 'Exactly once, under fire',
    'draft-key': 'story-abstract-known',
  },
  parameters: says('`registration-id` from a host page that knows the person, and `data-prefill-title`.'),
};

export const Outage: Story = {
  name: 'States: submission during an outage',
  args: { 'draft-key': 'story-abstract-outage' },
  render: (args) => element(TAG, { ...args, endpoint: scenarioEndpoint('submit-outage') }),
  parameters: says('Every submission is answered 503: retried under one key, then "Try again"; the answers stay.'),
};

export const Lost: Story = {
  name: 'States: sent but not confirmed',
  args: { 'draft-key': 'story-abstract-lost' },
  render: (args) => element(TAG, { ...args, endpoint: scenarioEndpoint('submit-lost') }),
  parameters: says(
    'The sandbox records the submission, then the answer is lost: the form says so and sends nothing more until the person chooses "Send as a new submission".',
  ),
};

export const German: Story = {
  name: 'Accessibility: German',
  args: { lang: 'de' },
  parameters: says('`lang="de"`: every text in German, the server\'s known refusals too.'),
};

import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { THEMES } from '../src/core/conf-element.js';
import { render, says } from './kit.js';
import { argTypesFor, element, summary } from './manifest.js';
import { control, errorOf, fill, formIn, part, submit, waitForPart } from './play.js';
import { scenarioEndpoint, type Scenario } from './scenarios.js';

const TAG = 'conf-exhibit-form';

const meta: Meta = {
  title: 'Elements/conf-exhibit-form',
  component: TAG,
  render: render(TAG),
  argTypes: argTypesFor(TAG, { theme: THEMES, lang: ['en', 'de', 'fr', 'es'] }),
  args: {},
  parameters: { docs: { description: { component: summary(TAG) } } },
};
export default meta;
type Story = StoryObj;

/**
 * The element against the API under a scenario; an endpoint typed into the controls wins. Each
 * story keeps its draft apart from the others'.
 */
const under = (scenario: Scenario, draft: string) => ({
  args: { 'draft-key': `story-exhibit-${draft}` },
  render: (args: Record<string, unknown>) =>
    element(TAG, { ...args, endpoint: args['endpoint'] || scenarioEndpoint(scenario) }),
});

async function fillExhibit(root: ShadowRoot, title: string): Promise<void> {
  await fill(root, {
    title,
    exhibitType: 'startup',
    shortDescription: 'A loom that weaves patterns computed while you watch.',
    'presenter.fullName': 'Ada Lovelace',
    'presenter.email': 'ada@example.org',
  });
}

export const Playground: Story = {
  ...under('exhibit-open', 'playground'),
  parameters: says(
    "An exhibitor's application, sent to the sandbox with the exhibition open. Whatever the server refuses (a closed window, a missing registration, an unpaid fee) updates the form.",
  ),
};

export const FeeAndRegistration: Story = {
  name: 'Options: fee and registration declared',
  args: { fee: '450 EUR', 'requires-registration': true },
  parameters: says(
    '`fee="450 EUR"` and `requires-registration`: the payment section with the proof upload and the registration number are asked for up front.',
  ),
};

export const OwnTypes: Story = {
  name: 'Options: own exhibit types, prefilled',
  args: {
    types: 'sponsor, startup, food_truck:Food truck, art:Art installation',
    'data-prefill-title': 'Quantum Loom',
    'data-prefill-presenter.full-name': 'Ada Lovelace',
  },
  parameters: says(
    "`types` lists the organizer's own exhibit types (`value` or `value:Label`; known values keep the form's labels), and `data-prefill-*` fills what a vendor site already knows.",
  ),
};

export const MethodsUnavailable: Story = {
  name: 'States: fee without readable payment methods',
  args: { fee: '450 EUR' },
  render: (args) => element(TAG, { ...args, endpoint: scenarioEndpoint('error') }),
  parameters: says(
    "The registration config, where the payment methods come from, cannot be read (here a 503): the fee section says so with the server's reason and a retry, instead of asking for a method id.",
  ),
};

export const Open: Story = {
  name: 'States: open',
  ...under('exhibit-open', 'open'),
  parameters: says(
    'Applications open, no fee, no registration needed: the exhibit, its presenter and team rows added and removed as needed.',
  ),
};

export const NotOpen: Story = {
  name: 'States: not open yet',
  args: { opens: '2099-03-01T09:00:00Z' },
  parameters: says(
    "`opens` in the future (or the server's `exhibition_not_open`): the date applications open, instead of the form.",
  ),
};

export const Closed: Story = {
  name: 'States: closed',
  args: { closes: '2020-03-01T09:00:00Z' },
  parameters: says('`closes` in the past: the date applications closed, instead of the form.'),
};

export const ClosedByServer: Story = {
  name: 'States: closed, as the server says',
  ...under('exhibit-closed', 'closed'),
  play: async ({ canvasElement }) => {
    const { root } = await formIn(canvasElement, TAG);
    await fillExhibit(root, 'Late Loom');
    await submit(root);
    const closed = await waitForPart(root, 'closed');
    await expect(closed.textContent).toContain('closed on');
  },
  parameters: says(
    "Nothing declared, but the conference closed applications: the refusal (`exhibition_closed`) replaces the form with the closing date, said in the form's language.",
  ),
};

export const RegistrationRequired: Story = {
  name: 'States: registration required',
  ...under('exhibit-registration', 'registration'),
  play: async ({ canvasElement }) => {
    const { root } = await formIn(canvasElement, TAG);
    await fillExhibit(root, 'Registered Loom');
    await submit(root);
    await waitFor(() => expect(errorOf(root, 'registrationId')).not.toBe(''), { timeout: 10_000 });
  },
  parameters: says(
    "The conference wants exhibitors registered: the refusal (`registration_required`) adds the registration number, with the server's message beside it and focus on it.",
  ),
};

export const FeeRequired: Story = {
  name: 'States: fee required',
  ...under('exhibit-fee', 'fee'),
  play: async ({ canvasElement }) => {
    const { root } = await formIn(canvasElement, TAG);
    await fillExhibit(root, 'Paying Loom');
    await submit(root);
    await waitForPart(root, 'payment', 10_000);
    await expect(part(root, 'fee')?.textContent).toContain('450');
  },
  parameters: says(
    "The conference charges a fee: the refusal (`payment_required`) shows the payment section with the amount, the methods and the proof upload; the server's message stays above the button.",
  ),
};

export const Submitting: Story = {
  name: 'States: submitting',
  ...under('submit-hang', 'submitting'),
  play: async ({ canvasElement }) => {
    const { root } = await formIn(canvasElement, TAG);
    await fillExhibit(root, 'Patient Loom');
    await submit(root);
    await waitFor(() => expect(part(root, 'submit-button')).toBeDisabled());
  },
  parameters: says(
    'Sent, no answer yet (the `submit-hang` scenario): the button is disabled and says so, so a second click sends nothing.',
  ),
};

export const Accepted: Story = {
  name: 'States: accepted',
  ...under('exhibit-open', 'accepted'),
  play: async ({ canvasElement }) => {
    const { root } = await formIn(canvasElement, TAG);
    await fillExhibit(root, 'Accepted Loom');
    await userEvent.click(part(root, 'add-member')!);
    await fill(root, { 'teamPeople.0': 'Grace Hopper' });
    await submit(root);
    await waitForPart(root, 'success', 10_000);
    await expect(part(root, 'record-id')?.textContent).toMatch(/\S/);
  },
  parameters: says(
    "Filled, with one team member, and accepted by the sandbox: the application's number, with focus on the heading.",
  ),
};

export const FieldError: Story = {
  name: 'States: error beside a field',
  ...under('exhibit-registration', 'field-error'),
  args: { 'draft-key': 'story-exhibit-field-error', 'requires-registration': true },
  play: async ({ canvasElement }) => {
    const { root } = await formIn(canvasElement, TAG);
    await fillExhibit(root, 'Unknown Loom');
    await fill(root, { registrationId: 'no-such-registration' });
    await submit(root);
    await waitFor(() => expect(errorOf(root, 'registrationId')).not.toBe(''), { timeout: 10_000 });
    await expect(root.activeElement).toBe(control(root, 'registrationId'));
  },
  parameters: says(
    "A registration number the conference does not know: the server's field message appears beside the field, in its words, and the field is focused.",
  ),
};

export const Outage: Story = {
  name: 'States: error for the whole form',
  ...under('submit-outage', 'outage'),
  play: async ({ canvasElement }) => {
    const { root } = await formIn(canvasElement, TAG);
    await fillExhibit(root, 'Stormy Loom');
    await submit(root);
    await waitForPart(root, 'retry-button', 20_000);
    await expect(part(root, 'form-error')?.textContent).toContain('unavailable');
  },
  parameters: says(
    'Every attempt meets a 503: after the automatic retries (one Idempotency-Key throughout) the server\'s message, the answers kept, and "Try again", which sends the same application once.',
  ),
};

export const Unconfirmed: Story = {
  name: 'States: sent, but not confirmed',
  ...under('submit-lost', 'lost'),
  play: async ({ canvasElement }) => {
    const { root } = await formIn(canvasElement, TAG);
    await fillExhibit(root, 'Misplaced Loom');
    await submit(root);
    await waitForPart(root, 'resend-button', 20_000);
    await expect(part(root, 'form-error')?.textContent).toContain('may have been recorded');
  },
  parameters: says(
    'The application was recorded but its answer was lost: nothing more is sent by itself, and "Send as a new application" is the person\'s own choice after looking for a confirmation.',
  ),
};

export const Dark: Story = {
  name: 'Theming: dark',
  args: { theme: 'dark', fee: '450 EUR' },
  parameters: { ...says('`theme="dark"` for dark sites.'), backgrounds: { value: '#10141c' } },
};

export const Brand: Story = {
  name: 'Theming: brand',
  args: { '--conf-color-primary': '#8a3ffc', '--conf-radius': '14px', '--conf-form-max-width': '32em' },
  parameters: says('A brand colour, rounder corners and a narrower form through custom properties.'),
};

export const German: Story = {
  name: 'Accessibility: German',
  args: { lang: 'de', fee: '450 EUR' },
  parameters: says(
    'German texts; team rows are added and removed from the keyboard, and focus lands on the row that follows.',
  ),
};

import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { THEMES } from '../src/core/conf-element.js';
import { asyncStates, render, says } from './kit.js';
import { argTypesFor, element, summary } from './manifest.js';
import { control, errorOf, fill, formIn, freshEmail, part, submit, waitForPart } from './play.js';
import { scenarioEndpoint } from './scenarios.js';

const TAG = 'conf-registration-form';

const meta: Meta = {
  title: 'Elements/conf-registration-form',
  component: TAG,
  render: render(TAG),
  argTypes: argTypesFor(TAG, { theme: THEMES, lang: ['en', 'de', 'fr', 'es'] }),
  args: {},
  parameters: { docs: { description: { component: summary(TAG) } } },
};
export default meta;
type Story = StoryObj;

/** Everything the demo conference requires, for its student ticket paid by bank transfer. */
async function fillPaid(root: ShadowRoot, email: string): Promise<void> {
  await fill(root, {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email,
    ticketTypeId: 'tt-student',
    'custom.organization': 'Analytical Engines',
    'custom.tshirt_size': 'm',
  });
  await waitFor(() => control(root, 'paymentMethodId'));
  await fill(root, { paymentMethodId: 'pm-bank-transfer' });
}

/** …plus the reference and a link to the receipt, so the sandbox accepts it. */
async function fillComplete(root: ShadowRoot, email: string): Promise<void> {
  await fillPaid(root, email);
  await fill(root, { paymentReference: 'TX-1815' });
  await userEvent.click(root.querySelector<HTMLInputElement>('input[name="proofMode"][value="url"]')!);
  await fill(root, { paymentProofUrl: 'https://bank.example/receipts/1815.pdf' });
}

/** Chooses a proof file as the file picker would; its upload starts at once. */
async function chooseProof(root: ShadowRoot, size: number): Promise<void> {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode('%PDF-1.4\n'));
  const input = control(root, 'paymentProofUrl');
  const dt = new DataTransfer();
  dt.items.add(new File([bytes], 'transfer-receipt.pdf', { type: 'application/pdf' }));
  input.files = dt.files;
  input.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  await waitFor(() => expect(part(root, 'progress') ?? part(root, 'upload-retry')).not.toBeNull());
}

/** A story that fills the form keeps its draft apart from the others'. */
const ownDraft = (name: string) => ({ 'draft-key': `story-registration-${name}` });

export const Playground: Story = {
  parameters: says(
    'The form as the registration config describes it; choose a paid ticket to see the payment section with the proof upload.',
  ),
};

export const Prefilled: Story = {
  name: 'Options: prefilled by a vendor site',
  args: {
    ticket: 'tt-regular',
    'data-prefill-first-name': 'Ada',
    'data-prefill-last-name': 'Lovelace',
    'data-prefill-email': 'ada@example.org',
  },
  parameters: says(
    '`ticket="tt-regular"` and `data-prefill-*` attributes: a site that already knows the person fills what it knows.',
  ),
};

const states = asyncStates('the registration config');
export const Loading: Story = states.Loading;

export const Closed: Story = {
  name: 'States: closed',
  render: (args) => element(TAG, { ...args, endpoint: scenarioEndpoint('closed') }),
  parameters: says('`public_registration_enabled: false`: the closed message instead of the form.'),
};

export const OwnMessages: Story = {
  name: 'States: closed, own message',
  render: (args) => {
    const el = element(TAG, { ...args, endpoint: scenarioEndpoint('closed') });
    el.innerHTML =
      '<p slot="closed">Registration opens again for next year\'s edition in March. <a href="#">Get notified</a>.</p>';
    return el;
  },
  parameters: says("The `closed` slot replaces the closed message with the organizer's own words and links."),
};

export const TryLater: Story = {
  name: 'States: try later',
  render: (args) => element(TAG, { ...args, endpoint: scenarioEndpoint('try-later') }),
  parameters: says(
    '`open_phase: null`: registration is enabled but no pricing phase is open, so the form says to come back later.',
  ),
};

export const Open: Story = {
  name: 'States: open, paid ticket',
  args: { ticket: 'tt-student' },
  parameters: says(
    'Open for registration with a paid ticket chosen: the payment section asks for the method, the reference and a proof, uploaded as a file (with progress) or given as an https link.',
  ),
};

export const Submitting: Story = {
  name: 'States: submitting',
  args: ownDraft('submitting'),
  render: (args) => element(TAG, { ...args, endpoint: scenarioEndpoint('submit-hang') }),
  play: async ({ canvasElement }) => {
    const { root } = await formIn(canvasElement, TAG);
    await fillComplete(root, freshEmail('story-submitting'));
    await submit(root);
    await waitFor(() => expect(part(root, 'submit-button')).toBeDisabled());
  },
  parameters: says(
    'Filled and sent; the server has not answered yet (the `submit-hang` scenario): the button is disabled and says so, and the form is marked busy, so a second click sends nothing.',
  ),
};

/** A paid ticket and a proof file chosen under an upload scenario; `until` waits for the state shown. */
const uploadStory = (
  scenario: 'upload-slow' | 'upload-outage',
  name: string,
  size: number,
  until: (root: ShadowRoot) => Promise<unknown>,
): Story => ({
  args: ownDraft(name),
  render: (args) => element(TAG, { ...args, endpoint: scenarioEndpoint(scenario) }),
  play: async ({ canvasElement }) => {
    const { root } = await formIn(canvasElement, TAG);
    await fillPaid(root, freshEmail(`story-${name}`));
    await chooseProof(root, size);
    await until(root);
  },
});

export const Uploading: Story = {
  name: 'States: proof upload in progress',
  ...uploadStory('upload-slow', 'uploading', 6 * 1024 * 1024, (root) => expect(part(root, 'progress')).not.toBeNull()),
  parameters: says(
    'A proof file chosen while the server is slow (the `upload-slow` scenario: the sandbox takes 30 s to give the upload address, so the proxy holds the file): the progress bar stays until the server confirms (on a local connection the bytes leave at once, so it waits at 100 %); the start is announced once, the rest can be filled meanwhile, and sending waits for the upload.',
  ),
};

export const UploadFailed: Story = {
  name: 'States: proof upload failed',
  ...uploadStory('upload-outage', 'upload-failed', 64 * 1024, async (root) => {
    await waitForPart(root, 'upload-retry', 15_000);
    await expect(errorOf(root, 'paymentProofUrl')).not.toBe('');
  }),
  parameters: says(
    'Every upload meets a 503 (the `upload-outage` scenario): after two automatic retries the field shows the server\'s message beside it and offers "Upload again"; the rest of the answers stay.',
  ),
};

export const Success: Story = {
  name: 'States: success',
  args: ownDraft('success'),
  play: async ({ canvasElement }) => {
    const { root } = await formIn(canvasElement, TAG);
    await fillComplete(root, freshEmail('story-success'));
    await submit(root);
    const success = await waitForPart(root, 'success');
    await expect(part(root, 'record-id')?.textContent).toMatch(/\S/);
    await expect(success.textContent).toContain('payment proof');
  },
  parameters: says(
    "Filled and sent to the sandbox: the created registration's number and what happens next, which depends on its status (here a proof waiting for review).",
  ),
};

export const FieldErrors: Story = {
  name: 'States: error beside the fields',
  args: ownDraft('field-errors'),
  play: async ({ canvasElement }) => {
    const { root } = await formIn(canvasElement, TAG);
    await fillComplete(root, freshEmail('story-field-errors'));
    // The browser takes an address without a top-level domain; the server does not.
    await fill(root, { email: 'ada@localhost' });
    await submit(root);
    await waitFor(() => expect(errorOf(root, 'email')).not.toBe(''), { timeout: 10_000 });
  },
  parameters: says(
    "An answer the browser accepts and the server refuses (an e-mail address without a top-level domain): the server's `details.fields` message appears beside its field, in the form's language when its wording is known, and the field is focused; the summary goes once the field is fixed.",
  ),
};

export const Outage: Story = {
  name: 'States: error for the whole form',
  args: ownDraft('outage'),
  render: (args) => element(TAG, { ...args, endpoint: scenarioEndpoint('submit-outage') }),
  play: async ({ canvasElement }) => {
    const { root } = await formIn(canvasElement, TAG);
    await fillComplete(root, freshEmail('story-outage'));
    await submit(root);
    await waitForPart(root, 'retry-button', 20_000);
    await expect(part(root, 'form-error')?.textContent).toContain('unavailable');
  },
  parameters: says(
    'Every attempt meets a 503 (the sandbox\'s `Prefer: code=503`): after its automatic retries, with one Idempotency-Key, the form shows the server\'s message, keeps the answers and offers "Try again", which reuses the key.',
  ),
};

export const Unconfirmed: Story = {
  name: 'States: sent, but not confirmed',
  args: ownDraft('lost'),
  render: (args) => element(TAG, { ...args, endpoint: scenarioEndpoint('submit-lost') }),
  play: async ({ canvasElement }) => {
    const { root } = await formIn(canvasElement, TAG);
    await fillComplete(root, freshEmail('story-lost'));
    await submit(root);
    await waitForPart(root, 'resend-button', 20_000);
    await expect(part(root, 'form-error')?.textContent).toContain('may have been recorded');
  },
  parameters: says(
    'The registration was recorded but its answer was lost (`Prefer: code=500, after=processing`): the proxy answers `outcome_unknown`, the form sends nothing more by itself, asks the person to look for a confirmation, and offers "Send as a new registration" as their own choice.',
  ),
};

export const ConfigError: Story = { ...states.Error, name: 'States: configuration not loaded' };

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
  parameters: says(
    'German texts. Every control has a label; errors appear beside their fields and in a live region; it works from the keyboard alone.',
  ),
};

export const MissingAnswers: Story = {
  name: 'Accessibility: missing answers',
  args: ownDraft('missing'),
  play: async ({ canvasElement }) => {
    const { root } = await formIn(canvasElement, TAG);
    await fill(root, { firstName: 'Ada' });
    await submit(root);
    await waitFor(() => expect(root.activeElement).toBe(control(root, 'lastName')));
    await expect(part(root, 'form-error')?.textContent).toContain('answers need attention');
  },
  parameters: says(
    'Sent with only a first name: nothing leaves the browser; each required field says what is missing beside it, the count is announced, and focus moves to the first one.',
  ),
};

import type { Args, Meta, StoryObj } from '@storybook/web-components-vite';
import { THEMES } from '../src/core/conf-element.js';
import type { ConfCheckin } from '../src/elements/checkin/checkin.js';
import { MODES } from '../src/elements/checkin/checkin.model.js';
import { says } from './kit.js';
import { argTypesFor, element, summary } from './manifest.js';
import { scenarioEndpoint } from './scenarios.js';

const TAG = 'conf-checkin';
/** The kiosk token of the proxy `npm run storybook` serves (test/browser/api-server.ts). */
const TOKEN = 'test-kiosk-token-0001';

let renders = 0;

/**
 * Each render is a kiosk of its own (its own storage name), set up as the story needs: the
 * token and settings a venue would have entered on the setup screen.
 */
function kiosk(settings: Record<string, unknown> | null) {
  return (args: Args) => {
    const store = `story-${Date.now().toString(36)}-${renders++}`;
    if (settings)
      localStorage.setItem(`conf-checkin:${store}:settings`, JSON.stringify({ sounds: false, ...settings }));
    return element(TAG, { 'result-hold': 3600, ...args, store });
  };
}

/** A badge the sandbox has not seen in this Storybook session (one per render). */
const freshBadge = () => `DEMO-${String(400 + Math.floor(Math.random() * 100)).padStart(4, '0')}`;

async function scan(canvasElement: HTMLElement, ...codes: string[]): Promise<void> {
  const el = canvasElement.querySelector<ConfCheckin>(TAG);
  if (!el) return;
  await el.updateComplete;
  for (const code of codes) await el.submitCode(code);
}

const meta: Meta = {
  title: 'Elements/conf-checkin',
  component: TAG,
  render: kiosk({ token: TOKEN }),
  argTypes: argTypesFor(TAG, { theme: THEMES, lang: ['en', 'de', 'fr', 'es'], mode: MODES }),
  args: { location: 'Door A' },
  parameters: { docs: { description: { component: summary(TAG) } }, layout: 'fullscreen' },
};
export default meta;
type Story = StoryObj;

export const Ready: Story = {
  parameters: says(
    'Set up and waiting: a hand scanner types into the focused field and ends with Enter; the field also takes typed codes.',
  ),
};

export const CheckedIn: Story = {
  name: 'States: checked in',
  play: ({ canvasElement }) => scan(canvasElement, freshBadge()),
  parameters: says("Green, with the attendee's name and ticket from the API."),
};

export const Already: Story = {
  name: 'States: already checked in',
  args: { 'repeat-window': 0 },
  play: async ({ canvasElement }) => {
    const code = freshBadge();
    await scan(canvasElement, code, code);
  },
  parameters: says("Amber: the API answered 409; the first scan's time and place are shown. Counted as a success."),
};

export const Refused: Story = {
  name: 'States: refused (unknown badge)',
  play: ({ canvasElement }) => scan(canvasElement, 'NOT-A-BADGE'),
  parameters: says('Red with the reason: the badge is not known to the conference.'),
};

export const Queued: Story = {
  name: 'States: saved, will be sent',
  render: (args) => kiosk({ token: TOKEN })({ ...args, endpoint: scenarioEndpoint('error') }),
  play: ({ canvasElement }) => scan(canvasElement, freshBadge()),
  parameters: says(
    'The server is unavailable (the sandbox answers 503): the scan is stored on the device and sent later; "Waiting to send" counts it.',
  ),
};

export const AlreadyHere: Story = {
  name: 'States: already scanned here',
  args: { 'repeat-window': 0 },
  render: (args) => kiosk({ token: TOKEN })({ ...args, endpoint: scenarioEndpoint('error') }),
  play: async ({ canvasElement }) => {
    const code = freshBadge();
    await scan(canvasElement, code, code);
  },
  parameters: says('The same badge again while its first scan is still waiting to be sent.'),
};

export const Attendance: Story = {
  name: 'Options: daily attendance',
  args: { mode: 'attendance', now: '2026-06-11T09:00:00+02:00' },
  play: ({ canvasElement }) => scan(canvasElement, freshBadge()),
  parameters: says('`mode="attendance"`: a plain badge code counts for today\'s conference day (here day 2).'),
};

export const Setup: Story = {
  name: 'States: first start (setup)',
  render: kiosk(null),
  parameters: says('No token on this device yet: the setup screen asks for it (typed, or scanned into the field).'),
};

export const TokenRefused: Story = {
  name: 'States: token refused',
  render: kiosk({ token: 'not-the-kiosk-token' }),
  play: ({ canvasElement }) => scan(canvasElement, freshBadge()),
  parameters: says('The proxy refuses the token: the kiosk says so and keeps the scan until the token is fixed.'),
};

export const Dark: Story = {
  name: 'Theming: dark',
  args: { theme: 'dark' },
  play: ({ canvasElement }) => scan(canvasElement, freshBadge()),
  parameters: { ...says('`theme="dark"` for a dim entrance hall.'), backgrounds: { value: '#14171d' } },
};

export const German: Story = {
  name: 'Accessibility: German',
  args: { lang: 'de' },
  play: ({ canvasElement }) => scan(canvasElement, freshBadge()),
  parameters: says('German texts; the result is announced to screen readers.'),
};

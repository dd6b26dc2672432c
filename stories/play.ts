/**
 * What the form stories' play functions share: wait for the form inside the element's shadow
 * root, fill controls by name, and press the buttons with `userEvent`. A story that needs a
 * submitted state gets there the way a visitor does.
 */
import { expect, userEvent, waitFor } from 'storybook/test';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type FormElement = HTMLElement & { minFillMs: number };

export interface FormInStory {
  el: FormElement;
  root: ShadowRoot;
}

/** The story's form element once its `<form>` is shown. */
export async function formIn(canvasElement: HTMLElement, tag: string): Promise<FormInStory> {
  const el = await waitFor(
    () => {
      const found = canvasElement.querySelector<FormElement>(tag);
      if (!found?.shadowRoot?.querySelector('form')) throw new Error(`<${tag}> shows no form yet`);
      return found;
    },
    { timeout: 10_000 },
  );
  // The visitor took their time: the bots' minimum fill time does not hold the story up.
  el.minFillMs = 0;
  return { el, root: el.shadowRoot! };
}

export function control<T extends Control = HTMLInputElement>(root: ShadowRoot, name: string): T {
  const c = root.querySelector<T>(`form [name="${name}"]`);
  if (!c) throw new Error(`no control named ${name}`);
  return c;
}

export function part(root: ShadowRoot, name: string): HTMLElement | null {
  return root.querySelector<HTMLElement>(`[part~="${name}"]`);
}

export function waitForPart(root: ShadowRoot, name: string, timeout = 10_000): Promise<HTMLElement> {
  return waitFor(
    () => {
      const found = part(root, name);
      if (!found) throw new Error(`no part "${name}" yet`);
      return found;
    },
    { timeout },
  );
}

/**
 * Fills controls in the order given, as autofill or a paste does: the value, then native `input`
 * and `change` events (`userEvent.type` cannot focus a control inside a shadow root). Waits for
 * each render, since a choice can add fields (a paid ticket adds the payment section).
 */
export async function fill(root: ShadowRoot, values: Record<string, string>): Promise<void> {
  const host = root.host as HTMLElement & { updateComplete?: Promise<unknown> };
  for (const [name, value] of Object.entries(values)) {
    const c = control<Control>(root, name);
    c.focus();
    c.value = value;
    c.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    c.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
    await host.updateComplete;
  }
}

export async function submit(root: ShadowRoot): Promise<void> {
  const button = part(root, 'submit-button');
  await expect(button).not.toBeNull();
  await userEvent.click(button!);
}

/** The visible message beside a control (empty when there is none). */
export function errorOf(root: ShadowRoot, name: string): string {
  const id = control(root, name)
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((x) => x.endsWith('-error'));
  return id ? (root.getElementById(id)?.textContent?.trim() ?? '') : '';
}

/** An address no earlier run of the story used, so the sandbox takes it as a new person. */
export function freshEmail(tag: string): string {
  return `${tag}.${Date.now().toString(36)}@example.org`;
}

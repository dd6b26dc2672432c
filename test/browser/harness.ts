/**
 * A small harness for element tests: mount markup, wait for a condition, reach into the shadow
 * root, type and press keys like a user (real keyboard events through the browser), and steer the
 * API's answers for this page only (the sandbox's `Prefer` scenario header, or a fixed body).
 */
import { sendKeys } from '@web/test-runner-commands';
import { forgetSharedReads } from '../../src/api/shared-reads.js';
import { forgetSavedAnswers } from '../../src/core/saved-answers.js';

const mounted: HTMLElement[] = [];

/** Mounts markup in a fresh container; {@link cleanup} removes it after each test. */
export async function fixture<T extends Element>(markup: string, container: HTMLElement = document.body): Promise<T> {
  const wrapper = document.createElement('div');
  wrapper.innerHTML = markup;
  container.append(wrapper);
  mounted.push(wrapper);
  const el = wrapper.firstElementChild as T;
  await (el as unknown as { updateComplete?: Promise<unknown> }).updateComplete;
  return el;
}

export function cleanup(): void {
  for (const w of mounted.splice(0)) w.remove();
  restoreFetch();
  // Elements share reads for a few seconds; the next test's server answers are its own.
  forgetSharedReads();
  // Each test starts as a first visit: nothing saved in the browser by the tests before it.
  forgetSavedAnswers();
}

export async function waitFor<T>(
  fn: () => T | null | undefined | false,
  what = 'condition',
  timeoutMs = 8000,
): Promise<T> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (performance.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export class ElementHarness<E extends HTMLElement = HTMLElement> {
  constructor(readonly el: E) {}

  get root(): ShadowRoot {
    if (!this.el.shadowRoot) throw new Error(`<${this.el.localName}> has no shadow root`);
    return this.el.shadowRoot;
  }

  q<T extends Element = HTMLElement>(selector: string): T | null {
    return this.root.querySelector<T>(selector);
  }

  all<T extends Element = HTMLElement>(selector: string): T[] {
    return [...this.root.querySelectorAll<T>(selector)];
  }

  part<T extends Element = HTMLElement>(name: string): T | null {
    return this.q<T>(`[part~="${name}"]`);
  }

  waitForPart<T extends Element = HTMLElement>(name: string, timeoutMs?: number): Promise<T> {
    return waitFor(() => this.part<T>(name), `part "${name}" in <${this.el.localName}>`, timeoutMs);
  }

  matchesState(name: string): boolean {
    try {
      return this.el.matches(`:state(${name})`);
    } catch {
      return false;
    }
  }

  text(): string {
    return this.root.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  }

  /** Types into an input as a user does: focus, real key presses. */
  async type(input: HTMLElement, text: string): Promise<void> {
    input.focus();
    await sendKeys({ type: text });
    await this.settle();
  }

  async press(key: string): Promise<void> {
    await sendKeys({ press: key });
    await this.settle();
  }

  /** The focused element, looking through this element's shadow root. */
  get focused(): Element | null {
    return this.root.activeElement;
  }

  async settle(): Promise<void> {
    await (this.el as unknown as { updateComplete?: Promise<unknown> }).updateComplete;
    await new Promise((r) => requestAnimationFrame(() => r(undefined)));
  }
}

const realFetch = window.fetch.bind(window);
let patched: typeof window.fetch | undefined;

type Rule = {
  match: RegExp;
  headers?: Record<string, string>;
  body?: unknown;
  status?: number;
  responseHeaders?: Record<string, string>;
  /** Headers added to the real answer. */
  addHeaders?: Record<string, string>;
};
const rules: Rule[] = [];

function patchFetch(): void {
  // Checked against window.fetch itself, since a test may have swapped it in the meantime.
  if (patched && window.fetch === patched) return;
  patched = window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const rule = rules.find((r) => r.match.test(url));
    if (rule?.body !== undefined) {
      return Promise.resolve(
        Response.json(rule.body, { status: rule.status ?? 200, headers: rule.responseHeaders ?? {} }),
      );
    }
    if (rule?.headers) {
      const headers = new Headers(init?.headers);
      for (const [k, v] of Object.entries(rule.headers)) headers.set(k, v);
      return realFetch(input, { ...init, headers });
    }
    if (rule?.addHeaders) {
      const extra = rule.addHeaders;
      return realFetch(input, init).then((res) => {
        const headers = new Headers(res.headers);
        for (const [k, v] of Object.entries(extra)) headers.set(k, v);
        // A 304 (the element revalidating) must be rebuilt without a body, or the constructor throws.
        const body = res.status === 304 || res.status === 204 ? null : res.body;
        return new Response(body, { status: res.status, statusText: res.statusText, headers });
      });
    }
    return realFetch(input, init);
  };
}

/** Sends `Prefer: <value>` (e.g. `code=503`, `delay=800`) on this page's requests to matching URLs. */
export function preferOn(match: RegExp, value: string): () => void {
  patchFetch();
  const rule: Rule = { match, headers: { prefer: value } };
  rules.unshift(rule);
  forgetSharedReads();
  return () => removeRule(rule);
}

/** Answers matching requests with a fixed body, e.g. an empty list. */
export function answerWith(
  match: RegExp,
  body: unknown,
  status = 200,
  responseHeaders?: Record<string, string>,
): () => void {
  patchFetch();
  const rule: Rule = responseHeaders ? { match, body, status, responseHeaders } : { match, body, status };
  rules.unshift(rule);
  forgetSharedReads();
  return () => removeRule(rule);
}

/**
 * Marks the real answers to matching requests `X-Cache: stale`, as the proxy marks the last good
 * copy it serves while the platform is down. The test proxy keeps no cache (a `Prefer` request
 * bypasses it anyway), so the header is the one part of that answer a test has to supply.
 */
export function staleOn(match: RegExp): () => void {
  patchFetch();
  const rule: Rule = { match, addHeaders: { 'x-cache': 'stale' } };
  rules.unshift(rule);
  forgetSharedReads();
  return () => removeRule(rule);
}

function removeRule(rule: Rule): void {
  const i = rules.indexOf(rule);
  if (i >= 0) rules.splice(i, 1);
  forgetSharedReads();
}

export function restoreFetch(): void {
  rules.length = 0;
}

/** The message the server gives for a forced status, read the way the element reads it. */
export async function serverMessage(path: string, prefer: string): Promise<string> {
  const res = await realFetch(path, { headers: { prefer } });
  const body = (await res.json()) as { error?: { message?: string } };
  return body.error?.message ?? '';
}

/**
 * User actions on the form elements: fill a control by its name as typing would (native `input`
 * and `change` events), choose a file, submit, and watch the API writes the page makes.
 */
import { expect } from '@esm-bundle/chai';
import type { UploadContentType } from '../../src/api/contract.js';
import { UPLOAD_SIGNATURES } from '../../src/api/file-signature.js';
import { expectNoAxeViolations } from './axe.js';
import { ElementHarness, waitFor } from './harness.js';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export class FormHarness<E extends HTMLElement = HTMLElement> extends ElementHarness<E> {
  control<T extends Control = HTMLInputElement>(name: string): T {
    const c = this.q<T>(`form [name="${name}"]`);
    if (!c) throw new Error(`no control named ${name} in <${this.el.localName}>`);
    return c;
  }

  has(name: string): boolean {
    return this.q(`form [name="${name}"]`) !== null;
  }

  async fill(values: Record<string, string | boolean>): Promise<void> {
    for (const [name, value] of Object.entries(values)) {
      const c = this.control<Control>(name);
      if (c instanceof HTMLInputElement && (c.type === 'checkbox' || c.type === 'radio')) {
        c.checked = value === true || value === 'true' || (c.type === 'radio' && c.value === value);
      } else {
        c.value = String(value);
      }
      c.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
      c.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
      await this.settle();
    }
  }

  async chooseRadio(name: string, value: string): Promise<void> {
    const r = this.q<HTMLInputElement>(`form input[type="radio"][name="${name}"][value="${value}"]`)!;
    r.click();
    await this.settle();
  }

  async chooseFile(name: string, file: File): Promise<void> {
    const input = this.control(name);
    const dt = new DataTransfer();
    dt.items.add(file);
    input.files = dt.files;
    input.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
    await this.settle();
  }

  submitButton(): HTMLButtonElement {
    return this.part<HTMLButtonElement>('submit-button')!;
  }

  errorOf(name: string): string {
    const c = this.control(name);
    const id = c
      .getAttribute('aria-describedby')
      ?.split(' ')
      .find((x) => x.endsWith('-error'));
    return id ? (this.root.getElementById(id)?.textContent?.trim() ?? '') : '';
  }

  async waitForText(text: string, what = text): Promise<void> {
    await waitFor(() => this.text().includes(text), `"${what}" in <${this.el.localName}>`, 15_000);
  }
}

export interface Write {
  url: string;
  body: unknown;
  idempotencyKey: string | null;
  /** performance.now() when the request left. */
  at: number;
  status?: number;
}

/** Records the page's POSTs to the API (and their answers' statuses) until stopped. */
export function watchWrites(match: RegExp): { writes: Write[]; stop(): void } {
  const writes: Write[] = [];
  const previous = window.fetch;
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!match.test(url) || (init?.method ?? 'GET') !== 'POST') return previous(input, init);
    const w: Write = {
      url,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
      idempotencyKey: new Headers(init?.headers).get('idempotency-key'),
      at: performance.now(),
    };
    writes.push(w);
    const res = await previous(input, init);
    w.status = res.status;
    return res;
  };
  return { writes, stop: () => void (window.fetch = previous) };
}

/** A file of `size` bytes with the given type, for uploads; it starts with that type's magic number (proxy and sandbox check it). */
export function makeFile(name: string, type: string, size: number): File {
  const bytes = new Uint8Array(size);
  const magic = UPLOAD_SIGNATURES[type as UploadContentType]?.[0];
  if (magic && size > 0) bytes.set(magic.bytes.map((b) => b ?? 0).slice(0, size), magic.offset ?? 0);
  return new File([bytes], name, { type });
}

/**
 * Sends `Prefer: <value>` on the next `times` uploads to matching URLs (the proxy forwards it to
 * the sandbox's upload-address call), and records every upload's status. Uploads go through
 * XMLHttpRequest for their progress events, so the fetch rules of `preferOn` do not reach them.
 */
export function preferOnUploads(match: RegExp, value: string, times = 1): { statuses: number[]; restore(): void } {
  const statuses: number[] = [];
  const proto = XMLHttpRequest.prototype;
  const { open, send } = proto;
  const urls = new WeakMap<XMLHttpRequest, string>();
  let left = times;
  proto.open = function (this: XMLHttpRequest, method: string, url: string | URL, ...rest: unknown[]) {
    urls.set(this, String(url));
    return (open as (...args: unknown[]) => void).call(this, method, url, ...(rest.length ? rest : [true]));
  } as typeof proto.open;
  proto.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    if (match.test(urls.get(this) ?? '')) {
      if (left-- > 0) this.setRequestHeader('prefer', value);
      this.addEventListener('loadend', () => statuses.push(this.status), { once: true });
    }
    return send.call(this, body);
  };
  return {
    statuses,
    restore: () => {
      proto.open = open;
      proto.send = send;
    },
  };
}

/**
 * The bot guards every form shares, for a form filled and ready to send whose `minFillMs` was
 * set to 2500 at `mountedAt`: the honeypot is out of reach (tab order, accessibility tree,
 * autocomplete); filled (as autofill might), a press sends nothing, empties it and says to send
 * again; the next press goes through, but not before the minimum fill time.
 */
export async function expectBotGuards(
  h: FormHarness,
  o: { writes: RegExp; accepted: () => Promise<unknown>; mountedAt: number },
): Promise<void> {
  const honeypot = h.q<HTMLInputElement>('.hp input')!;
  expect(honeypot.tabIndex).to.equal(-1);
  expect(honeypot.closest('[aria-hidden="true"]')).to.not.equal(null);
  expect(honeypot.autocomplete).to.equal('off');
  const spy = watchWrites(o.writes);
  try {
    honeypot.value = 'https://spam.example';
    h.submitButton().click();
    await waitFor(() => h.part('form-error')?.textContent, 'the refusal');
    expect(spy.writes.length).to.equal(0);
    expect(h.part('form-error')!.textContent).to.contain('send the form again');
    expect(honeypot.value, 'emptied, so the next press goes through').to.equal('');
    await expectNoAxeViolations(h.el);
    const accepted = o.accepted();
    h.submitButton().click();
    await h.settle();
    expect(h.submitButton().disabled, 'busy while waiting').to.equal(true);
    await accepted;
    expect(spy.writes).to.have.length(1);
    expect(spy.writes[0]!.at - o.mountedAt).to.be.greaterThan(2300);
  } finally {
    spy.stop();
  }
}

/** Everything the sandbox's form requires, for a paid ticket paid by bank transfer. */
export function person(email: string): Record<string, string> {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email,
    ticketTypeId: 'tt-student',
    'custom.organization': 'Analytical Engines',
    'custom.tshirt_size': 'm',
  };
}

export async function fillPaid(h: FormHarness, email: string): Promise<void> {
  await h.fill(person(email));
  await h.fill({
    paymentMethodId: h.control<HTMLSelectElement>('paymentMethodId').options[1]!.value,
    paymentReference: 'TX-42',
  });
}

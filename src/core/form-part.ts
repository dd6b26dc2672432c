/**
 * A part of a form whose code is fetched on first use (a paid ticket's payment section, the
 * summary after a registration), so the form's first download holds only what its first paint
 * needs. Its module may bring style sheets, adopted into the element's shadow root after the
 * element's own when it arrives. While it is on its way the form shows a placeholder; when its
 * chunk cannot be fetched, a message and a button to try again ({@link renderPartFailed}).
 */
import {
  adoptStyles,
  html,
  supportsAdoptingStyleSheets,
  type CSSResult,
  type ReactiveControllerHost,
  type TemplateResult,
} from 'lit';

export interface FormPartHost extends ReactiveControllerHost {
  readonly renderRoot: HTMLElement | DocumentFragment;
}

export class FormPart<T> {
  /** The module, once fetched and its sheets adopted. */
  module: T | undefined;
  /** The last fetch failed (offline, a deploy replaced the chunk); {@link retry} tries again. */
  failed = false;

  /**
   * `load`: a {@link lazyModule} (one request for every element of the page; null when the chunk
   * could not be fetched, which it has said in the console).
   */
  constructor(
    private readonly host: FormPartHost,
    private readonly load: () => Promise<T | null>,
    private readonly sheets: (module: T) => readonly CSSResult[] = () => [],
  ) {}

  /** The module if here; else starts fetching it (unless the last fetch failed). */
  get(): T | undefined {
    if (this.module === undefined && !this.failed) void this.fetch();
    return this.module;
  }

  /** Resolves with the module once its sheets are adopted, or null when it cannot be fetched. */
  async fetch(): Promise<T | null> {
    if (this.module !== undefined) return this.module;
    const module = await this.load();
    if (module !== null && this.module === undefined) {
      this.adopt(this.sheets(module));
      this.module = module;
    }
    this.failed = module === null;
    this.host.requestUpdate();
    return module;
  }

  retry(): void {
    this.failed = false;
    void this.fetch();
    this.host.requestUpdate();
  }

  private adopt(sheets: readonly CSSResult[]): void {
    if (sheets.length === 0) return;
    const root = this.host.renderRoot;
    if (supportsAdoptingStyleSheets && root instanceof ShadowRoot) {
      const own = sheets.map((s) => s.styleSheet).filter((s): s is CSSStyleSheet => s !== undefined);
      root.adoptedStyleSheets = [...root.adoptedStyleSheets.filter((s) => !own.includes(s)), ...own];
    } else {
      // Without constructable sheets Lit writes <style> elements; these come after the element's.
      adoptStyles(root as ShadowRoot, [...sheets]);
    }
  }
}

/** A part that could not be fetched: `message` says so; the button fetches it again. */
export function renderPartFailed(
  part: Pick<FormPart<unknown>, 'retry'>,
  message: string,
  retry: string,
): TemplateResult {
  return html`<div class="status error" part="part-error" role="alert">
    <p>${message}</p>
    <button type="button" class="button" part="part-retry" @click=${() => part.retry()}>${retry}</button>
  </div>`;
}

/**
 * A part of the schedule fetched when first used (the grid, the venue screen, the event dialog),
 * so the first download holds only what shows the first events. Its module arrives with its style
 * sheets, which join the shadow root's adopted sheets in the cascade order the element's static
 * list had before: each view's sheets after the element's own, before its last sheet (skeleton,
 * paper, forced colours), views in a fixed order whatever order they arrive in.
 */
import { adoptStyles, supportsAdoptingStyleSheets, type CSSResult, type ReactiveControllerHost } from 'lit';

export interface OnDemandHost extends ReactiveControllerHost {
  readonly renderRoot: HTMLElement | DocumentFragment;
}

export interface OnDemandOptions<T> {
  load: () => Promise<T>;
  /** The view's sheets, from its module. */
  sheets: (module: T) => readonly CSSResult[];
  /** Place among the views' sheets: lower first. */
  rank: number;
  /** The element's sheet the views' sheets go before. */
  before: CSSResult;
}

/** Per shadow root, the views' sheets adopted so far, by rank. */
const adopted = new WeakMap<ShadowRoot, { rank: number; sheets: CSSStyleSheet[] }[]>();

function adoptInOrder(root: ShadowRoot, rank: number, results: readonly CSSResult[], before: CSSResult): void {
  const placed = adopted.get(root) ?? [];
  if (placed.some((p) => p.rank === rank)) return;
  const sheets = results.map((r) => r.styleSheet).filter((s): s is CSSStyleSheet => s !== undefined);
  placed.push({ rank, sheets });
  placed.sort((a, b) => a.rank - b.rank);
  adopted.set(root, placed);
  const views = placed.flatMap((p) => p.sheets);
  const others = root.adoptedStyleSheets.filter((s) => !views.includes(s));
  const at = before.styleSheet ? others.indexOf(before.styleSheet) : -1;
  others.splice(at < 0 ? others.length : at, 0, ...views);
  root.adoptedStyleSheets = others;
}

export class OnDemandView<T> {
  /** The module, once fetched and its sheets adopted. */
  module: T | undefined;
  /** The last fetch failed (offline, a deploy replaced the chunk); {@link retry} tries again. */
  failed = false;
  private pending: Promise<T> | null = null;

  constructor(
    private readonly host: OnDemandHost,
    private readonly options: OnDemandOptions<T>,
  ) {}

  /** The module if here; else starts fetching it (once) and updates the host when it arrives or fails. */
  get(): T | undefined {
    if (this.module === undefined && !this.failed) this.fetch().catch(() => undefined);
    return this.module;
  }

  /** Resolves with the module once its sheets are adopted; rejects when it cannot be fetched. */
  fetch(): Promise<T> {
    if (this.module !== undefined) return Promise.resolve(this.module);
    this.pending ??= this.options.load().then(
      (module) => {
        this.adopt(module);
        this.module = module;
        this.failed = false;
        this.host.requestUpdate();
        return module;
      },
      (error: unknown) => {
        this.pending = null;
        this.failed = true;
        this.host.requestUpdate();
        throw error;
      },
    );
    return this.pending;
  }

  retry(): void {
    this.failed = false;
    this.get();
    this.host.requestUpdate();
  }

  private adopt(module: T): void {
    const root = this.host.renderRoot;
    const sheets = this.options.sheets(module);
    if (supportsAdoptingStyleSheets && root instanceof ShadowRoot)
      adoptInOrder(root, this.options.rank, sheets, this.options.before);
    // Without constructable sheets Lit writes <style> elements; these come after the element's.
    else adoptStyles(root as ShadowRoot, [...sheets]);
  }
}

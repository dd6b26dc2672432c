/**
 * One record's details in a native modal `<dialog>`, kept in step with a `#<prefix>ID` deep link:
 * opening writes the fragment (without a history entry), a fragment on arrival or a `hashchange`
 * opens the record, closing clears it and returns focus to what opened the dialog. With several
 * such elements on a page, one link opens one dialog: the first element that can show it.
 *
 * The host renders one `<dialog @close=${controller.onClose}>` in its shadow root and decides what
 * opening means (a cancelable `conf-*-open` event first) in `options.open`.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import {
  focusedWithin,
  holdLink,
  linkHeldElsewhere,
  parseRecordHash,
  recordHash,
  releaseLink,
  replaceHash,
} from './deep-link.js';

export interface DetailDialogHost extends ReactiveControllerHost, HTMLElement {
  readonly renderRoot: HTMLElement | DocumentFragment;
}

export interface DetailDialogOptions {
  /** Fragment prefix, e.g. `abstract-` for `#abstract-ID`. */
  prefix: string;
  /**
   * Opens a record named by a deep link, typically through the host's public `open(id)`. Answer
   * false while it cannot be decided yet (the list is still loading); the link is tried again
   * after the next update.
   */
  openFromLink: (id: string) => boolean;
  /**
   * The host's `<dialog>`, when it holds it in a ref: searching a large shadow root for it (a
   * schedule's every card) costs more than the lookup should. Default: the first `dialog` inside.
   */
  dialog?: () => HTMLDialogElement | null | undefined;
}

/**
 * The one focus rule of every detail dialog: its heading takes focus when it opens (or shows
 * another record), so a screen reader starts at the title and Tab goes on to the first control,
 * whatever that control is (a star, a link, Close). Without a heading, the browser's own choice.
 */
export function focusHeading(dialog: HTMLDialogElement): void {
  const heading = dialog.querySelector<HTMLElement>('#dialog-title, h1, h2, h3');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}

export class DetailDialogController implements ReactiveController {
  /** The record whose details are open, or null. */
  openId: string | null = null;

  private opener: HTMLElement | null = null;
  /** The record the dialog was last shown for; its `close` event arrives a task later. */
  private shownId: string | null = null;
  private pendingLink: string | null = null;

  constructor(
    private readonly host: DetailDialogHost,
    private readonly options: DetailDialogOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    window.addEventListener('hashchange', this.onHashChange);
    this.pendingLink = this.linkedId();
  }

  hostDisconnected(): void {
    window.removeEventListener('hashchange', this.onHashChange);
    releaseLink(this.options.prefix, this.host);
  }

  hostUpdate(): void {
    // The browser closed the dialog (its Close button, Escape) and its `close` event is still
    // queued: closed now, or this update would show it again (hostUpdated) and that event, finding
    // it open, would be taken for a re-show: one close that did nothing, the link left set.
    const shown = this.dialog;
    if (shown && !shown.open && this.openId !== null && this.shownId === this.openId) this.onClose();
    // Before render, so opening from a link needs no second update.
    const id = this.pendingLink;
    if (id === null) return;
    // Another element answered the link first, or answered it and closed (clearing the fragment).
    if (this.linkedId() !== id || linkHeldElsewhere(this.options.prefix, id, this.host)) {
      this.pendingLink = null;
      if (this.openId !== null && this.openId !== id) this.close();
      return;
    }
    if (this.options.openFromLink(id)) this.pendingLink = null;
  }

  hostUpdated(): void {
    const dialog = this.dialog;
    if (!dialog) return;
    if (this.openId === null) return;
    if (!dialog.open) dialog.showModal();
    if (this.shownId !== this.openId) focusHeading(dialog);
    this.shownId = this.openId;
  }

  /** Shows `id`'s details; the host has already dispatched its open event. */
  show(id: string): void {
    const active = focusedWithin(this.host.renderRoot);
    // Opening another record from inside the dialog keeps the original opener.
    if (active && !this.dialog?.contains(active)) this.opener = active;
    this.openId = id;
    holdLink(this.options.prefix, id, this.host);
    if (this.linkedId() !== id) replaceHash(recordHash(this.options.prefix, id));
    this.host.requestUpdate();
  }

  close(): void {
    this.dialog?.close();
  }

  /** Wire to the dialog's `close` event. */
  readonly onClose = (): void => {
    // Re-shown for another record before this (queued) close event arrived: not a close at all.
    if (this.dialog?.open) return;
    const id = this.shownId;
    this.shownId = null;
    if (id === null || this.openId !== id) return;
    this.openId = null;
    releaseLink(this.options.prefix, this.host);
    if (this.linkedId() === id) replaceHash('');
    const opener = this.opener;
    this.opener = null;
    // The browser returns focus itself for most openers; a re-rendered card needs it done by hand.
    if (opener?.isConnected) opener.focus();
    this.host.requestUpdate();
  };

  private get dialog(): HTMLDialogElement | null {
    return this.options.dialog ? (this.options.dialog() ?? null) : this.host.renderRoot.querySelector('dialog');
  }

  private linkedId(): string | null {
    return parseRecordHash(this.options.prefix, location.hash);
  }

  private readonly onHashChange = (): void => {
    const id = this.linkedId();
    if (id !== null) {
      if (id !== this.openId) {
        this.pendingLink = id;
        this.host.requestUpdate();
      }
    } else if (this.openId !== null) {
      this.close();
    }
  };
}

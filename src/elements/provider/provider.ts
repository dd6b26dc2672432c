import { css, html, LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import { VERSION } from '../../core/version.js';

/**
 * @summary Gives every conf-widgets element inside it the proxy's address, so it is written once.
 *
 * Elements use, in order: their own `endpoint` attribute, the nearest provider's, and the origin
 * that served the script. They read the provider's `endpoint` attribute (which the property
 * reflects) and follow its changes, so a provider works before its own code has run.
 *
 * @customElement conf-provider
 * @slot - The elements (and any other content) that use this endpoint.
 * @attr endpoint - Address of the conference proxy, http(s), absolute or relative to the page (any other scheme is refused: the elements inside use the script's origin).
 */
export class ConfProvider extends LitElement {
  static readonly version = VERSION;
  static override styles = css`
    :host {
      display: contents;
    }
  `;

  @property({ reflect: true }) endpoint?: string;

  protected override render(): unknown {
    return html`<slot></slot>`;
  }
}

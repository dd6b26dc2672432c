import { provide } from '@lit/context';
import { css, html, LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import { endpointContext } from '../../core/context.js';
import { VERSION } from '../../core/version.js';

/**
 * @summary Gives every conf-widgets element inside it the proxy's address, so it is written once.
 *
 * Elements use, in order: their own `endpoint` attribute, the nearest provider's, and the origin
 * that served the script.
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

  @provide({ context: endpointContext })
  @property({ reflect: true })
  endpoint?: string;

  protected override render(): unknown {
    return html`<slot></slot>`;
  }
}

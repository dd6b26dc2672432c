import { defineElement } from '../../core/define.js';
import { ConfPage } from './page.js';

export { ConfPage };

defineElement('conf-page', ConfPage);

declare global {
  interface HTMLElementTagNameMap {
    'conf-page': ConfPage;
  }
}

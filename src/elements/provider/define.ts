import { defineElement } from '../../core/define.js';
import { ConfProvider } from './provider.js';

export { ConfProvider };

defineElement('conf-provider', ConfProvider);

declare global {
  interface HTMLElementTagNameMap {
    'conf-provider': ConfProvider;
  }
}

import { defineElement } from '../../core/define.js';
import { ConfAbstracts } from './abstracts.js';

export { ConfAbstracts };

defineElement('conf-abstracts', ConfAbstracts);

declare global {
  interface HTMLElementTagNameMap {
    'conf-abstracts': ConfAbstracts;
  }
}

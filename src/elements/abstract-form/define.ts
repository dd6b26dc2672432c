import { defineElement } from '../../core/define.js';
import { ConfAbstractForm } from './abstract-form.js';

export { ConfAbstractForm };

defineElement('conf-abstract-form', ConfAbstractForm);

declare global {
  interface HTMLElementTagNameMap {
    'conf-abstract-form': ConfAbstractForm;
  }
}

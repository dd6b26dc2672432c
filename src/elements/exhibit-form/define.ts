import { defineElement } from '../../core/define.js';
import { ConfExhibitForm } from './exhibit-form.js';

export { ConfExhibitForm };

defineElement('conf-exhibit-form', ConfExhibitForm);

declare global {
  interface HTMLElementTagNameMap {
    'conf-exhibit-form': ConfExhibitForm;
  }
}

import { defineElement } from '../../core/define.js';
import { ConfRegistrationForm } from './registration-form.js';

export { ConfRegistrationForm };

defineElement('conf-registration-form', ConfRegistrationForm);

declare global {
  interface HTMLElementTagNameMap {
    'conf-registration-form': ConfRegistrationForm;
  }
}

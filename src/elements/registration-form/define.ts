import { defineElement } from '../../core/define.js';
import { rememberRegistrations } from '../../core/registrant.js';
import { ConfRegistrationForm } from './registration-form.js';

export { ConfRegistrationForm };

defineElement('conf-registration-form', ConfRegistrationForm);
// A registration made here is remembered for <conf-workshops> and <conf-abstract-form>, on this or a later page.
rememberRegistrations();

declare global {
  interface HTMLElementTagNameMap {
    'conf-registration-form': ConfRegistrationForm;
  }
}

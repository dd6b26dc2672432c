import { defineElement } from '../../core/define.js';
import { ConfCheckin } from './checkin.js';

export { ConfCheckin };

defineElement('conf-checkin', ConfCheckin);

declare global {
  interface HTMLElementTagNameMap {
    'conf-checkin': ConfCheckin;
  }
}

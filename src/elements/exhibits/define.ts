import { defineElement } from '../../core/define.js';
import { ConfExhibits } from './exhibits.js';

export { ConfExhibits };

defineElement('conf-exhibits', ConfExhibits);

declare global {
  interface HTMLElementTagNameMap {
    'conf-exhibits': ConfExhibits;
  }
}

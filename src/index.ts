/**
 * The bundle: importing this module defines every element. Each element can also be imported
 * alone from its `define` module (`conf-widgets/speakers`, …).
 */
import './elements/provider/define.js';
import './elements/speakers/define.js';
import './elements/schedule/define.js';
import './elements/abstracts/define.js';
import './elements/exhibits/define.js';
import './elements/registration-form/define.js';
import './elements/exhibit-form/define.js';
import './elements/checkin/define.js';
import './elements/workshops/define.js';
import './elements/abstract-form/define.js';
import './elements/page/define.js';
import './elements/site-nav/define.js';

export { ConfProvider } from './elements/provider/provider.js';
export { ConfSpeakers } from './elements/speakers/speakers.js';
export { ConfSchedule } from './elements/schedule/schedule.js';
export { ConfAbstracts } from './elements/abstracts/abstracts.js';
export { ConfExhibits } from './elements/exhibits/exhibits.js';
export { ConfElement } from './core/conf-element.js';
export { ApiClient } from './api/client.js';
export { post } from './api/writes.js';
export { postForAnswer } from './api/answered-write.js';
export { ApiError } from './api/errors.js';
export { ConfLoadedEvent } from './events/conf-loaded.js';
export { ConfErrorEvent } from './events/conf-error.js';
export { ConfSpeakerOpenEvent } from './events/conf-speaker-open.js';
export { ConfEventOpenEvent } from './events/conf-event-open.js';
export { ConfAgendaChangeEvent } from './events/conf-agenda-change.js';
export { ConfAbstractOpenEvent } from './events/conf-abstract-open.js';
export { ConfExhibitOpenEvent } from './events/conf-exhibit-open.js';
export { ConfRegistrationForm } from './elements/registration-form/registration-form.js';
export { ConfExhibitForm } from './elements/exhibit-form/exhibit-form.js';
export { ConfCheckin } from './elements/checkin/checkin.js';
export { ConfWorkshops } from './elements/workshops/workshops.js';
export { ConfAbstractForm } from './elements/abstract-form/abstract-form.js';
export { ConfPage } from './elements/page/page.js';
export { ConfSiteNav } from './elements/site-nav/site-nav.js';
export { ConfRegisteredEvent } from './events/conf-registered.js';
export { ConfExhibitSubmittedEvent } from './events/conf-exhibit-submitted.js';
export { ConfCheckedInEvent } from './events/conf-checked-in.js';
export { ConfWorkshopEnrolledEvent } from './events/conf-workshop-enrolled.js';
export { ConfAbstractSubmittedEvent } from './events/conf-abstract-submitted.js';
export { VERSION } from './core/version.js';

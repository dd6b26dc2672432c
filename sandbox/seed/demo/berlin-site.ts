/** The public website of the demo conference: navigation and pages in plain text. */
import type { SeedConference } from '../types.js';
import { addDays, dateRange, longDate } from './util.js';

export function berlinSite(name: string, startsOn: string, days: number): SeedConference['site'] {
  const last = addDays(startsOn, days - 1);
  const when = dateRange(startsOn, last);
  const pages = [
    {
      slug: 'about',
      title: `About ${name}`,
      body: [
        `${name} brings together around 1,200 people who build for the web: frontend and backend engineers, designers, maintainers, operators and the people who keep open-source projects alive. It takes place in Berlin from ${when}.`,
        'Three days, eight tracks and more than 150 sessions: keynotes each morning in the Main Hall, parallel talks in six rooms, hands-on workshops in two labs, and plenty of time in between to talk to each other.',
        "The conference is organised by a small, independent team and a group of volunteers from the local developer community. Every talk is selected by a programme committee from an open call for papers, and we pay all speakers' travel and accommodation.",
        'Talks are recorded and published with captions within two weeks of the event. Workshops are not recorded.',
      ].join('\n\n'),
    },
    {
      slug: 'venue-and-travel',
      title: 'Venue & travel',
      body: [
        'The conference takes place at Werkhalle Friedrichshain, Werkhallenstraße 12, 10243 Berlin: a former railway workshop turned event venue, a short walk from the river Spree.',
        'By public transport: take the S-Bahn to Ostkreuz or Warschauer Straße, then walk ten minutes or take tram M10 two stops. Your conference badge is not a transport ticket; an AB ticket covers the whole city centre.',
        'From the airport (BER): the FEX airport express and regional trains run to Ostkreuz in about 25 minutes. Taxis take 30 to 45 minutes depending on traffic.',
        'The venue is step-free throughout, with lifts to every floor, accessible toilets on each level and an induction loop in the Main Hall and Hall B. Quiet rooms are on the second floor next to Workshop Lab 2.',
        'We have reserved rooms at a reduced rate in three nearby hotels; the booking codes are in your confirmation e-mail. Bicycle parking is available in the courtyard.',
      ].join('\n\n'),
    },
    {
      slug: 'code-of-conduct',
      title: 'Code of conduct',
      body: [
        'We want this conference to be a welcoming, safe and productive place for everyone, regardless of gender, gender identity, sexual orientation, disability, appearance, body size, ethnicity, age, religion, or level of experience.',
        'Harassment is not tolerated in any form, at the venue, at the social events or online. This includes offensive comments, deliberate intimidation, stalking, unwelcome photography or recording, sustained disruption of talks, and unwelcome physical contact or sexual attention.',
        'If you experience or witness a problem, talk to any member of staff in a purple shirt, come to the registration desk, or call the awareness team on the number printed on the back of your badge. Reports can be made anonymously and are handled confidentially.',
        'Participants asked to stop any behaviour are expected to comply immediately. The organisers may take any action they consider appropriate, including a warning or expulsion from the conference without a refund.',
      ].join('\n\n'),
    },
    {
      slug: 'faq',
      title: 'Frequently asked questions',
      body: [
        `When does registration open each day? The registration desk opens at 08:30 each day. On ${longDate(startsOn)} we recommend arriving early; the opening keynote starts at 09:00 sharp.`,
        'Do I need to print my ticket? No. Show the QR code from your confirmation e-mail at the desk and we will print your badge. Please wear your badge throughout the event; it is scanned at the entrance to the workshops.',
        'Are workshops included in my ticket? Workshops need a separate sign-up because seats are limited. Some are free for ticket holders, others have a small fee that covers materials. When a workshop is full you can join its waiting list.',
        'Is food provided? Coffee, tea, breakfast pastries, lunch and afternoon snacks are included on all three days. All food is vegetarian, with vegan, gluten-free and halal options clearly labelled.',
        'Can I get an invoice for my company? Yes. Choose the invoice option when you register, or write to the team from the e-mail address you registered with.',
        'Is there childcare? Yes, free childcare for children from one to ten years is available on all three days. Please book a place at least two weeks before the conference.',
      ].join('\n\n'),
    },
    {
      slug: 'accessibility',
      title: 'Accessibility',
      body: [
        'All talks in the Main Hall and Hall B have live captions on a screen beside the stage, and all recordings are published with edited captions.',
        'Reserved seating near the front is available in every room for people who need it; no proof or explanation is required. Let us know at the desk if you need a seat held.',
        'Sign-language interpretation (German Sign Language and International Sign) is available on request for any session. Please tell us at least three weeks in advance so we can book interpreters.',
        'If anything at the venue does not work for you, please tell us. We read every message and improve the event each year based on what you tell us.',
      ].join('\n\n'),
    },
  ];
  return {
    navigation: [
      { label: 'About', slug: 'about' },
      { label: 'Venue & travel', slug: 'venue-and-travel' },
      { label: 'Code of conduct', slug: 'code-of-conduct' },
      { label: 'FAQ', slug: 'faq' },
      { label: 'Accessibility', slug: 'accessibility' },
    ],
    pages,
  };
}

/** Exhibitors of the demo conference. */
import type { ExhibitDef } from './exhibits.js';

export const BERLIN_EXHIBITS: readonly ExhibitDef[] = [
  {
    title: 'Brightline Cloud',
    exhibitType: 'sponsor',
    booth: 'S-01',
    published: true,
    website: 'https://brightline-cloud.example/',
    shortDescription: 'Managed Kubernetes and PostgreSQL, hosted in EU data centres.',
    description:
      'Brightline Cloud runs managed Kubernetes, PostgreSQL and object storage from data centres in Frankfurt and Amsterdam. Drop by the booth for a live demo of zero-downtime database upgrades and a coffee voucher.',
  },
  {
    title: 'Quillstone',
    exhibitType: 'sponsor',
    booth: 'S-02',
    published: true,
    website: 'https://quillstone.example/',
    shortDescription: 'A headless CMS built for editorial teams.',
    description:
      'Quillstone gives editors structured content, previews and scheduled publishing while developers keep full control of the frontend. Ask the team about the open-source rendering toolkit.',
  },
  {
    title: 'Helix Analytics',
    exhibitType: 'sponsor',
    booth: 'S-03',
    published: true,
    website: 'https://helix-analytics.example/',
    shortDescription: 'Privacy-first product analytics without cookies.',
    description:
      'Helix measures product usage without cookies or personal data, and hosts everything in the EU. The team will show how to answer real product questions with aggregate data only.',
  },
  {
    title: 'Northwind Labs',
    exhibitType: 'sponsor',
    booth: 'S-04',
    published: true,
    website: 'https://northwind-labs.example/',
    shortDescription: 'Engineering consultancy for web platforms. We are hiring.',
    description:
      'Northwind Labs helps organisations modernise large web platforms, from design systems to delivery pipelines. Meet the engineers behind several talks at this conference and ask about open roles in Berlin and Lisbon.',
  },
  {
    title: 'Ferrovia Digital',
    exhibitType: 'commercial',
    booth: 'A-05',
    published: true,
    website: 'https://ferrovia.example/',
    shortDescription: 'An observability platform built on OpenTelemetry.',
    description:
      'Ferrovia collects traces, metrics and logs through OpenTelemetry and keeps them queryable for months at a predictable price. Bring a service and leave with a trace of it.',
  },
  {
    title: 'Pixelwerk',
    exhibitType: 'commercial',
    booth: 'A-06',
    published: true,
    website: 'https://pixelwerk.example/',
    shortDescription: 'Design-token tooling from design files to code.',
    description:
      'Pixelwerk keeps design tokens in sync between design tools, CSS and native apps. See how token changes flow through review like any other code change.',
  },
  {
    title: 'Typeset Press',
    exhibitType: 'commercial',
    booth: 'A-07',
    published: true,
    website: 'https://typeset-press.example/',
    shortDescription: 'Technical books by practitioners, in print and DRM-free e-book.',
    description:
      'Typeset Press publishes hands-on books on web engineering, databases and open-source practice. Several authors sign copies at the booth during the lunch breaks.',
  },
  {
    title: 'Stackfold',
    exhibitType: 'startup',
    booth: 'B-10',
    published: true,
    website: 'https://stackfold.example/',
    shortDescription: 'A full preview environment for every pull request.',
    description:
      'Stackfold spins up a complete copy of your stack, seeded with safe test data, for every pull request and tears it down when the branch is merged. Founded in 2023, the team of nine works remotely from five countries.',
  },
  {
    title: 'Tinyplanet',
    exhibitType: 'startup',
    booth: 'B-11',
    published: true,
    website: 'https://tinyplanet.example/',
    shortDescription: 'Carbon-aware routing for CDNs and batch jobs.',
    description:
      'Tinyplanet shifts flexible workloads to the times and regions where the electricity grid is cleanest. Ask for the live map of grid intensity across Europe.',
  },
  {
    title: 'Lintwise',
    exhibitType: 'startup',
    booth: 'B-12',
    published: true,
    website: 'https://lintwise.example/',
    shortDescription: 'Accessibility checks in code review, not after launch.',
    description:
      'Lintwise runs accessibility checks on every pull request and explains each finding in plain language with a suggested fix. Free for open-source projects.',
  },
  {
    title: 'Open Meadow Foundation',
    exhibitType: 'nonprofit',
    booth: 'C-20',
    published: true,
    website: 'https://openmeadow.example/',
    shortDescription: 'Fiscal hosting and legal support for open-source projects.',
    description:
      'Open Meadow holds funds, signs contracts and handles trademarks for more than 300 open-source projects, so maintainers can focus on the work. Learn how your project can join.',
  },
  {
    title: 'Web Access Collective',
    exhibitType: 'nonprofit',
    booth: 'C-21',
    published: true,
    website: 'https://web-access-collective.example/',
    shortDescription: 'Accessibility advocacy and free audits for charities.',
    description:
      'The Web Access Collective is a volunteer network of accessibility specialists and disabled testers. We run free audits for charities and publish practical guides in eight languages.',
  },
  {
    title: 'Freie Datenwerkstatt e.V.',
    exhibitType: 'nonprofit',
    booth: 'C-22',
    published: true,
    website: 'https://datenwerkstatt.example/',
    shortDescription: 'Open data for civic projects across Berlin and Brandenburg.',
    description:
      'The Datenwerkstatt helps public bodies publish useful open data and supports volunteers building civic apps with it. Come and see the new public-transport accessibility map.',
  },
  {
    title: 'Spree Rustaceans',
    exhibitType: 'community',
    booth: 'D-30',
    published: true,
    website: 'https://spree-rust.example/',
    shortDescription: "Berlin's friendly Rust meetup.",
    description:
      'We meet monthly for talks, pairing and pizza, with beginner nights every quarter. Pick up a sticker and find out about the next hack evening.',
  },
  {
    title: 'WebWomen Berlin',
    exhibitType: 'community',
    booth: 'D-31',
    published: true,
    website: 'https://webwomen-berlin.example/',
    shortDescription: 'A community for women and non-binary people in web engineering.',
    description:
      "WebWomen Berlin runs study groups, mentoring circles and a speaker programme for first-time speakers. Several of this year's speakers came through the programme.",
  },
  {
    title: 'Sustainable Software Group, TU Rheinfeld',
    exhibitType: 'research',
    booth: 'E-40',
    published: true,
    website: 'https://sustainable-software.example/',
    shortDescription: 'Research on the energy use of software systems.',
    description:
      'The group measures the energy cost of common web architectures and publishes open tooling for teams that want to measure their own. Try the energy meter on your laptop at the booth.',
  },
  {
    title: 'HCI Lab, University of Elbstadt',
    exhibitType: 'research',
    booth: 'E-41',
    published: true,
    website: 'https://hci-elbstadt.example/',
    shortDescription: 'Human–computer interaction research with a focus on accessibility.',
    description:
      'The HCI Lab studies how people with disabilities use everyday web applications. We are recruiting participants for a study on screen-reader navigation; every participant receives a book voucher.',
  },
  {
    title: 'Hyperion Data',
    exhibitType: 'sponsor',
    booth: null,
    published: false,
    website: 'https://hyperion-data.example/',
    shortDescription: 'Managed data warehouse.',
    description: 'Sponsorship contract not yet signed.',
  },
  {
    title: 'QuickScale AI',
    exhibitType: 'startup',
    booth: null,
    published: false,
    website: null,
    shortDescription: 'AI copilots for infrastructure.',
    description: 'Application under review.',
  },
  {
    title: 'LocalFirst Meetup',
    exhibitType: 'community',
    booth: 'D-32',
    published: false,
    website: 'https://localfirst.example/',
    shortDescription: 'A meetup about local-first software.',
    description: 'Waiting for confirmation of the booth sharing arrangement.',
  },
  {
    title: 'Meridian Security',
    exhibitType: 'commercial',
    booth: null,
    published: false,
    website: 'https://meridian-security.example/',
    shortDescription: 'Penetration testing and red-team services.',
    description: 'Withdrawn by the exhibitor.',
  },
  {
    title: 'Datasets for Good',
    exhibitType: 'nonprofit',
    booth: null,
    published: false,
    website: null,
    shortDescription: 'Open datasets for humanitarian work.',
    description: 'Payment proof pending.',
  },
];

/** Tracks and organisations of the demo conference (web and open-source engineering, Berlin). */
import type { TrackTheme } from './text.js';

export const BERLIN_TRACKS: readonly TrackTheme[] = [
  {
    name: 'Frontend & Web Platform',
    topics: ['web components', 'server-side rendering', 'CSS container queries', 'view transitions', 'the Popover API', 'design tokens', 'hydration', 'island architectures', 'form validation', 'service workers', 'CSS cascade layers', 'web workers', 'streaming HTML', 'the Navigation API', 'internationalised interfaces', 'progressive enhancement', 'TypeScript monorepos', 'bundle budgets', 'micro-frontends', 'client-side routing', 'WebAssembly in the browser', 'offline-first apps'],
    angles: ['rendering strategies and their cost on low-end devices', 'how components, styles and state stay maintainable as a team grows', 'browser support, fallbacks and progressive enhancement', 'the build tooling that holds it all together', 'testing strategies that catch regressions users would notice', 'measuring what actually changed for users'],
    keywords: ['web platform', 'browsers', 'CSS', 'JavaScript', 'TypeScript', 'rendering', 'components', 'HTML'],
    focus: ['building fast, resilient interfaces on the open web platform', 'component libraries that survive framework churn', 'making modern CSS approachable for whole teams', 'browser interoperability and standards work'],
    jobTitles: ['Senior Frontend Engineer', 'Frontend Architect', 'Web Platform Engineer', 'Design Systems Engineer', 'Freelance Web Developer'],
  },
  {
    name: 'Backend & APIs',
    topics: ['REST API versioning', 'GraphQL federation', 'idempotent endpoints', 'event sourcing', 'rate limiting', 'background job queues', 'PostgreSQL partitioning', 'SQLite in production', 'schema migrations', 'webhooks', 'API pagination', 'OpenAPI-first design', 'transactional outboxes', 'multi-tenant databases', 'connection pooling', 'gRPC streaming', 'caching layers', 'domain-driven design', 'feature flags', 'search indexing', 'long-running workflows', 'API deprecation'],
    angles: ['the contracts between services and how they evolve', 'the failure modes we hit under real traffic', 'data consistency when things go wrong halfway', 'the operational cost hidden behind a clean interface', 'how the design holds up after the original authors leave', 'backwards compatibility for clients you do not control'],
    keywords: ['APIs', 'databases', 'distributed systems', 'HTTP', 'PostgreSQL', 'architecture', 'consistency', 'integration'],
    focus: ['API design that outlives its first client', 'databases, queues and the glue between them', 'making distributed systems boring in the best sense', 'developer experience for public APIs'],
    jobTitles: ['Backend Engineer', 'Senior Backend Engineer', 'API Product Lead', 'Database Engineer', 'Software Architect'],
  },
  {
    name: 'Open Source Community',
    topics: ['maintainer burnout', 'open-source governance', 'contributor onboarding', 'project funding', 'release management', 'good first issues', 'open-source licensing', 'documentation culture', 'code review etiquette', 'foundations and fiscal hosts', 'security disclosure in open source', 'community moderation', 'friendly forks', 'inner source', 'mentoring programmes', 'translation communities', 'sustainable maintenance', 'open source in the public sector', 'release notes people actually read', 'volunteer-run infrastructure'],
    angles: ['the people side of keeping a project healthy', 'how decisions get made when nobody is in charge', 'what companies can do beyond sponsoring a logo', 'turning occasional contributors into maintainers', 'the policies and tools that reduce friction for newcomers', 'keeping volunteers safe, motivated and credited'],
    keywords: ['open source', 'community', 'governance', 'maintainers', 'sustainability', 'licensing', 'documentation', 'funding'],
    focus: ['the long-term health of open-source communities', 'making first contributions less intimidating', 'funding and governance models for shared infrastructure', 'documentation as a community practice'],
    jobTitles: ['Open Source Program Manager', 'Community Manager', 'Project Maintainer', 'Technical Writer', 'Developer Relations Lead'],
  },
  {
    name: 'Security & Privacy',
    topics: ['passkeys', 'supply-chain security', 'software bills of materials', 'secrets management', 'content security policy', 'OAuth 2.1', 'threat modelling', 'dependency pinning', 'privacy by design', 'GDPR-friendly analytics', 'zero-trust networking', 'signed container images', 'session management', 'web application firewalls', 'security champions', 'incident response', 'cookie consent', 'bug bounty programmes', 'reproducible builds', 'end-to-end encryption'],
    angles: ['the attacks we actually saw, not the ones in textbooks', 'defaults that keep developers safe without slowing them down', 'how to prioritise when everything is critical', 'the legal and organisational side of security work', 'tooling that fits into existing pipelines', 'explaining risk to people who sign the budget'],
    keywords: ['security', 'privacy', 'authentication', 'GDPR', 'supply chain', 'cryptography', 'compliance', 'threat modelling'],
    focus: ['practical security for product teams', 'privacy engineering and data minimisation', 'securing the software supply chain', 'authentication that people can actually use'],
    jobTitles: ['Security Engineer', 'Application Security Lead', 'Privacy Engineer', 'Security Researcher', 'Chief Information Security Officer'],
  },
  {
    name: 'Performance & Reliability',
    topics: ['Core Web Vitals', 'OpenTelemetry tracing', 'service level objectives', 'chaos engineering', 'load testing', 'on-call rotations', 'graceful degradation', 'database query tuning', 'memory leaks in Node.js', 'CDN caching', 'blameless postmortems', 'capacity planning', 'retry storms', 'backpressure', 'cold starts', 'performance budgets', 'error budgets', 'synthetic monitoring', 'profiling in production', 'tail latency'],
    angles: ['what the dashboards showed and what they hid', 'the numbers that predicted user pain before anyone complained', 'making reliability work visible to product owners', 'incidents that changed how we build things', 'the cheapest fixes with the biggest effect', 'staying sane on call'],
    keywords: ['performance', 'reliability', 'observability', 'SRE', 'monitoring', 'latency', 'incidents', 'scalability'],
    focus: ['observability and calm incident response', 'web performance on real-world devices and networks', 'reliability practices for small teams', 'turning production data into engineering decisions'],
    jobTitles: ['Site Reliability Engineer', 'Performance Engineer', 'Observability Lead', 'Production Engineer', 'Staff SRE'],
  },
  {
    name: 'Accessibility & Design',
    topics: ['accessible forms', 'screen reader testing', 'keyboard navigation', 'colour contrast', 'design systems', 'accessible data visualisation', 'focus management', 'plain language', 'cognitive accessibility', 'reduced-motion preferences', 'accessible components', 'the European Accessibility Act', 'inclusive user research', 'dark mode', 'accessible PDFs', 'right-to-left layouts', 'captions and transcripts', 'automated accessibility testing', 'touch target sizing', 'error messages'],
    angles: ['how disabled users actually experience our products', 'building accessibility into the design system instead of auditing it later', 'what automated tools catch and what they miss', 'the collaboration between design, engineering and content', 'meeting legal requirements without losing sight of people', 'small changes that make a big difference'],
    keywords: ['accessibility', 'design', 'WCAG', 'usability', 'inclusive design', 'UX', 'design systems', 'assistive technology'],
    focus: ['accessibility as part of everyday engineering', 'inclusive design systems', 'usability research with disabled people', 'clear, plain-language interfaces'],
    jobTitles: ['Accessibility Specialist', 'Product Designer', 'Design Systems Lead', 'UX Researcher', 'Accessibility Consultant'],
  },
  {
    name: 'DevOps & Cloud Native',
    topics: ['Kubernetes operators', 'GitOps', 'platform engineering', 'infrastructure as code', 'CI pipelines', 'container image hygiene', 'serverless workflows', 'internal developer portals', 'multi-cloud', 'blue-green deployments', 'Helm charts', 'cost-aware infrastructure', 'preview environments', 'self-hosted CI runners', 'service meshes', 'policy as code', 'Nix builds', 'edge deployments', 'database backups', 'monorepo builds'],
    angles: ['the path from commit to production and where it slows down', 'what a platform team should own and what it should not', 'keeping cloud costs visible and under control', 'automation that people trust enough to use', 'running the same setup on a laptop and in production', 'the migrations nobody wants to do'],
    keywords: ['DevOps', 'Kubernetes', 'CI/CD', 'cloud', 'infrastructure', 'containers', 'automation', 'platform engineering'],
    focus: ['platform engineering and developer self-service', 'delivery pipelines that stay fast as teams grow', 'infrastructure as code and GitOps', 'running cloud-native systems on a sensible budget'],
    jobTitles: ['Platform Engineer', 'DevOps Engineer', 'Cloud Architect', 'Infrastructure Lead', 'Build and Release Engineer'],
  },
  {
    name: 'Data & AI Engineering',
    topics: ['data pipelines', 'vector search', 'retrieval-augmented generation', 'LLM evaluation', 'data contracts', 'stream processing', 'feature stores', 'DuckDB', 'privacy-preserving analytics', 'model serving', 'data quality checks', 'change data capture', 'embeddings', 'prompt regression testing', 'lakehouse formats', 'notebooks in production', 'small language models', 'AI code assistants', 'synthetic test data', 'responsible AI reviews'],
    angles: ['evaluation that goes beyond a handful of demo prompts', 'the data plumbing behind a feature users call "smart"', 'cost, latency and quality and how to trade them off', 'keeping personal data out of places it should not be', 'what changes when a model is part of the release process', 'the boring infrastructure that makes the exciting parts possible'],
    keywords: ['data engineering', 'machine learning', 'LLMs', 'analytics', 'pipelines', 'evaluation', 'AI', 'streaming'],
    focus: ['data platforms that analysts and engineers both trust', 'evaluating and operating language-model features', 'streaming data and the systems around it', 'responsible use of machine learning in products'],
    jobTitles: ['Data Engineer', 'Machine Learning Engineer', 'Analytics Engineer', 'Research Scientist', 'Head of Data'],
  },
];

/** Fictional organisations: companies, public bodies, universities, foundations. */
export const BERLIN_ORGS: readonly string[] = [
  'Northwind Labs', 'Kestrel Systems', 'Brightline Cloud', 'Quillstone', 'Helix Analytics', 'Pixelwerk',
  'Ferrovia Digital', 'Stackfold', 'Tinyplanet', 'Lintwise', 'Open Meadow Foundation', 'Fjordbyte',
  'Lumen Health', 'Cobalt Commerce', 'Harbourline Logistics', 'Stadtwerk Digital', 'Polder Payments',
  'Baltic Data Works', 'Atelier Numérique', 'Vireo Software', 'Kanal 7 Media', 'Marisol Travel Tech',
  'Orbitale Energy', 'Technical University of Rheinfeld', 'University of Elbstadt', 'Digital Service Agency Brandenburg',
  'Gemeente Digitaal', 'Nordlys Bank', 'Sopra Lane', 'Greenfield Mobility', 'Mapleleaf Insurance Europe',
  'Kiln Studio', 'Tessera Security', 'Arcadia Games', 'Civic Tech Lab Lisbon', 'Adriatic Cloud',
];

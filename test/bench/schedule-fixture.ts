/**
 * The local server the schedule benchmarks drive: the built bundle, an empty page to mount the
 * element in, and the three lists the schedule reads (generated: events across venues and days),
 * answered in the API's paged list shape with ETags, so polls get 304s the way they do from the
 * proxy. The figures then measure the element, not the sandbox.
 *
 * For the soak benchmark the server can fail on purpose ({@link ScheduleFixture.failing}) and
 * change its data ({@link ScheduleFixture.bump}), also from the page (`/__control?failing=1`,
 * `/__control?bump`), so the stale path and re-renders with new data are exercised as well as
 * the unchanged path.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { BUNDLE_PATH } from '../../scripts/demo-server.js';

export const ZONE = 'Europe/Berlin';
export const DAY = '2026-06-10';

export interface FixtureOptions {
  events?: number;
  venues?: number;
  speakers?: number;
  /** The bundle to serve; default the built `dist/conf-widgets.js`. */
  bundlePath?: string;
}

export interface ScheduleFixture {
  readonly url: string;
  /** While true, every API request is answered 503 (the proxy's answer when the platform is down). */
  failing: boolean;
  /** Changes one event's title, so the next poll gets new data instead of a 304. */
  bump(): void;
  /** API requests answered so far. */
  readonly requests: number;
  close(): Promise<void>;
}

export function scheduleData(options: FixtureOptions = {}): Record<string, unknown[]> {
  const eventCount = options.events ?? 2000;
  const venueCount = options.venues ?? 12;
  const speakerCount = options.speakers ?? 300;
  const words = 'data cloud systems learning graph security privacy design ethics scale latency robust'.split(' ');
  const venues = Array.from({ length: venueCount }, (_, i) => ({
    id: `v${i}`,
    name: `Room ${i + 1}`,
    description: '',
    floor: '1',
    capacity: 100,
    sortOrder: i,
  }));
  const speakers = Array.from({ length: speakerCount }, (_, i) => ({
    id: `s${i}`,
    fullName: `Person${i} Surname${i % 41}`,
    affiliation: 'Org',
    jobTitle: '',
    bio: '',
    photoUrl: null,
    links: [],
  }));
  const base = Date.parse(`${DAY}T08:00:00+02:00`);
  const events = Array.from({ length: eventCount }, (_, i) => {
    const start = base + (i % 3) * 86_400_000 + (Math.floor(i / 36) % 18) * 30 * 60_000;
    return {
      id: `e${i}`,
      title: `${words[i % 12]} ${words[(i * 5) % 12]} ${i}`,
      type: i % 9 === 0 ? 'keynote' : 'talk',
      description: `${words[(i * 7) % 12]} `.repeat(30),
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 25 * 60_000).toISOString(),
      timeZone: ZONE,
      venueId: `v${i % venueCount}`,
      speakerIds: [`s${i % speakerCount}`],
      track: null,
      workshopId: null,
    };
  });
  return {
    '/api/public/v1/events/events': events,
    '/api/public/v1/events/venues': venues,
    '/api/public/v1/events/speakers': speakers,
  };
}

export function startScheduleFixture(options: FixtureOptions = {}): Promise<ScheduleFixture> {
  const lists = scheduleData(options);
  let version = 0;
  let requests = 0;
  const bundlePath = options.bundlePath ?? BUNDLE_PATH;
  const bundle = readFileSync(bundlePath);
  // The loader imports an element's chunks when its tag appears; the benchmarks wait for the
  // definition before they create the element, so the page imports the schedule's chunk itself,
  // as the loader would (the build's manifest names it). An older all-in-one bundle has none.
  const manifest = join(dirname(bundlePath), 'conf-widgets.chunks.json');
  const scheduleChunk = existsSync(manifest)
    ? (JSON.parse(readFileSync(manifest, 'utf8')) as { elements: Record<string, string[]> }).elements.schedule?.[0]
    : undefined;
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>
<script type="module" src="/conf-widgets.js"></script>${scheduleChunk ? `<script type="module">import('/${scheduleChunk}');</script>` : ''}</head><body><main id="stage"></main></body></html>`;
  const fixture = {
    url: '',
    failing: false,
    bump() {
      const events = lists['/api/public/v1/events/events'] as { title: string }[];
      version++;
      const e = events[version % events.length]!;
      e.title = `${e.title.replace(/ \(v\d+\)$/, '')} (v${version})`;
    },
    get requests() {
      return requests;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/__control') {
      // Lets a page drive failures and data changes itself, without a round trip through Node.
      if (url.searchParams.has('failing')) fixture.failing = url.searchParams.get('failing') === '1';
      if (url.searchParams.has('bump')) fixture.bump();
      res.statusCode = 204;
      res.end();
      return;
    }
    const list = lists[url.pathname];
    if (list) {
      requests++;
      res.setHeader('cache-control', 'no-store');
      if (fixture.failing) {
        res.statusCode = 503;
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            error: { code: 'upstream_unavailable', message: 'The conference platform is not answering.' },
          }),
        );
        return;
      }
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 20), 200);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const body = JSON.stringify({
        data: list.slice(offset, offset + limit),
        meta: { total: list.length, limit, offset },
      });
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      res.setHeader('etag', etag);
      if (req.headers['if-none-match'] === etag) {
        res.statusCode = 304;
        res.end();
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(body);
    } else if (url.pathname === '/conf-widgets.js') {
      res.setHeader('content-type', 'text/javascript');
      res.end(bundle);
    } else if (/^\/conf-widgets\/[\w-]+\.js$/.test(url.pathname)) {
      // The loader's chunks, beside it (the pattern lets no path out of that directory).
      try {
        const chunk = readFileSync(join(dirname(bundlePath), url.pathname.slice(1)));
        res.setHeader('content-type', 'text/javascript');
        res.end(chunk);
      } catch {
        res.statusCode = 404;
        res.end();
      }
    } else if (url.pathname === '/') {
      res.setHeader('content-type', 'text/html');
      res.end(page);
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  // Many small requests per poll: keep-alive sockets, not a new one per request.
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      fixture.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve(fixture);
    }),
  );
}

/**
 * The sandbox's admin routes for browser tests: change a conference's settings (and put them
 * back), and count what was created. Conference `conf-demo` is the one the test key belongs to.
 */
import { expect } from '@esm-bundle/chai';

const HEADERS = { authorization: 'Bearer test-admin', 'content-type': 'application/json' };
export const CONFERENCE = 'conf-demo';

export interface ExhibitionSettings {
  opensAt: string | null;
  closesAt: string | null;
  fee: { amount: number; currency: string } | null;
  requiresRegistration: boolean;
}

export interface ConferenceSettings {
  registrationEnabled: boolean;
  openPhaseEnabled: boolean;
  exhibition: ExhibitionSettings;
}

export interface ConferencePatch {
  registrationOpen?: boolean;
  openPhase?: boolean;
  exhibition?: Partial<ExhibitionSettings>;
}

export async function conferenceSettings(): Promise<ConferenceSettings> {
  const res = await fetch('/__admin/conferences', { headers: HEADERS });
  const body = (await res.json()) as { data: (ConferenceSettings & { id: string })[] };
  const conf = body.data.find((c) => c.id === CONFERENCE);
  if (!conf) throw new Error(`The sandbox has no conference ${CONFERENCE}`);
  return conf;
}

export async function patchConference(patch: ConferencePatch): Promise<void> {
  const res = await fetch(`/__admin/conferences/${CONFERENCE}`, {
    method: 'PATCH',
    headers: HEADERS,
    body: JSON.stringify(patch),
  });
  expect(res.status, await res.clone().text()).to.equal(200);
}

/**
 * Applies `patch` for the duration of a test and returns the function that restores what was
 * there before — only the settings it changed, so tests running beside it keep theirs.
 */
export async function withSettings(patch: ConferencePatch): Promise<() => Promise<void>> {
  const before = await conferenceSettings();
  await patchConference(patch);
  const undo: ConferencePatch = {};
  if (patch.registrationOpen !== undefined) undo.registrationOpen = before.registrationEnabled;
  if (patch.openPhase !== undefined) undo.openPhase = before.openPhaseEnabled;
  if (patch.exhibition) {
    const keys = Object.keys(patch.exhibition) as (keyof ExhibitionSettings)[];
    undo.exhibition = Object.fromEntries(keys.map((k) => [k, before.exhibition[k]]));
  }
  return () => patchConference(undo);
}

export async function registrationsFor(email: string): Promise<{ id: string; email: string; ticketTypeId: string }[]> {
  const res = await fetch(`/__admin/registrations?conference=${CONFERENCE}&email=${encodeURIComponent(email)}`, {
    headers: HEADERS,
  });
  return ((await res.json()) as { data: { id: string; email: string; ticketTypeId: string }[] }).data;
}

/** An e-mail address no other test uses, so counting by it counts only this test's work. */
export function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.org`;
}

/** Some registration of the conference, for forms that need an existing one. */
export async function anyRegistration(): Promise<{ id: string; email: string }> {
  const res = await fetch(`/__admin/registrations?conference=${CONFERENCE}`, { headers: HEADERS });
  const [first] = ((await res.json()) as { data: { id: string; email: string }[] }).data;
  if (!first) throw new Error('The sandbox has no registrations');
  return first;
}

/** A workshop's enrollments and waitlist places, oldest first. */
export async function workshopRegistrations(
  workshopId: string,
): Promise<{ id: string; registrationId: string; status: string; waitlistPosition: number | null }[]> {
  const res = await fetch(
    `/__admin/workshop-registrations?conference=${CONFERENCE}&workshop=${encodeURIComponent(workshopId)}`,
    { headers: HEADERS },
  );
  return (
    (await res.json()) as {
      data: { id: string; registrationId: string; status: string; waitlistPosition: number | null }[];
    }
  ).data;
}

/** Abstract submissions of a registration, with their attachments. */
export async function abstractSubmissions(
  registrationId: string,
): Promise<
  { id: string; title: string; authors: { fullName: string }[]; attachments: { url: string; name: string | null }[] }[]
> {
  const res = await fetch(
    `/__admin/abstract-submissions?conference=${CONFERENCE}&registration=${encodeURIComponent(registrationId)}`,
    { headers: HEADERS },
  );
  return (
    (await res.json()) as {
      data: {
        id: string;
        title: string;
        authors: { fullName: string }[];
        attachments: { url: string; name: string | null }[];
      }[];
    }
  ).data;
}

/** A registration of the conference that is not yet in `workshopId` (none of these tests enrolled it). */
export async function registrationOutside(
  workshopId: string,
): Promise<{ id: string; firstName: string; lastName: string }> {
  const res = await fetch(`/__admin/registrations?conference=${CONFERENCE}`, { headers: HEADERS });
  const all = ((await res.json()) as { data: { id: string; firstName: string; lastName: string }[] }).data;
  const taken = new Set((await workshopRegistrations(workshopId)).map((r) => r.registrationId));
  const free = all.filter((r) => !taken.has(r.id));
  const pick = free[Math.floor(Math.random() * free.length)];
  if (!pick) throw new Error(`Every registration is already in ${workshopId}`);
  return pick;
}

/** A registration with no abstract submission yet, so counting its submissions counts only this test's. */
export async function registrationWithoutAbstracts(): Promise<{ id: string; firstName: string; lastName: string }> {
  const [regs, subs] = await Promise.all([
    fetch(`/__admin/registrations?conference=${CONFERENCE}`, { headers: HEADERS }).then(
      (r) => r.json() as Promise<{ data: { id: string; firstName: string; lastName: string }[] }>,
    ),
    fetch(`/__admin/abstract-submissions?conference=${CONFERENCE}`, { headers: HEADERS }).then(
      (r) => r.json() as Promise<{ data: { registrationId: string }[] }>,
    ),
  ]);
  const used = new Set(subs.data.map((s) => s.registrationId));
  const free = regs.data.filter((r) => !used.has(r.id));
  const pick = free[Math.floor(Math.random() * free.length)];
  if (!pick) throw new Error('Every registration has an abstract submission');
  return pick;
}

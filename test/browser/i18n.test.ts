/**
 * French and Spanish as a visitor sees them: the element's `lang` (a regional tag such as `fr-CA`
 * picks the language), else the page's `<html lang>`; texts from each language's own catalogs,
 * including the schedule's type badges and the venue screen's labels.
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/schedule/define.js';
import '../../src/elements/speakers/define.js';
import type { ConfSchedule } from '../../src/elements/schedule/schedule.js';
import type { ConfSpeakers } from '../../src/elements/speakers/speakers.js';
import { cleanup, ElementHarness, fixture, waitFor } from './harness.js';

/** Words that would show an English text left in a French or Spanish view. */
const ENGLISH = /\b(Now|Next|Talk|Break|Panel|Workshop|Social|Rooms|Search|Speakers|Nothing)\b/; // 'Keynote' is French too

async function schedule(attrs: string): Promise<ElementHarness<ConfSchedule>> {
  const h = new ElementHarness(await fixture<ConfSchedule>(`<conf-schedule ${attrs}></conf-schedule>`));
  await waitFor(() => h.part('list') || h.part('screen'), 'schedule content');
  await h.settle();
  return h;
}

describe('French and Spanish', () => {
  const pageLang = document.documentElement.lang;
  afterEach(() => {
    cleanup();
    document.documentElement.lang = pageLang;
  });

  it('shows the schedule in French, type badges included', async () => {
    const h = await schedule('lang="fr"');
    expect(h.part<HTMLInputElement>('search')!.placeholder).to.equal('Titre, intervenant, sujet …');
    expect(h.q('.venue-filter summary, [part~="venue-filter"]')!.textContent).to.contain('Toutes les salles');
    const badges = new Set(h.all('[part~="badge"]').map((b) => b.textContent!.trim()));
    expect(badges.size).to.be.greaterThan(1);
    for (const b of badges) expect(b, 'badge').to.not.match(ENGLISH);
    expect([...badges].some((b) => ['Conférence', 'Pause', 'Keynote', 'Atelier', 'Table ronde'].includes(b))).to.equal(
      true,
    );
  });

  it('shows the venue screen in Spanish: now, next and the badges', async () => {
    const h = await schedule('lang="es" view="screen" now="2026-06-10T11:05:00+02:00"');
    const text = h.part('screen')!.textContent!.replace(/\s+/g, ' ');
    expect(text).to.contain('Ahora');
    expect(text).to.contain('A continuación');
    expect(text).to.not.match(/\b(Now|Next|Talk|Break|Nothing right now)\b/);
  });

  it("takes French from a regional tag (fr-CA) and Spanish from the page's <html lang>", async () => {
    const fr = new ElementHarness(
      await fixture<ConfSpeakers>('<conf-speakers lang="fr-CA" endpoint="http://127.0.0.1:9"></conf-speakers>'),
    );
    document.documentElement.lang = 'es-MX';
    const es = new ElementHarness(
      await fixture<ConfSpeakers>('<conf-speakers endpoint="http://127.0.0.1:9"></conf-speakers>'),
    );
    // Nothing answers at that address: the error view, written by the element in its language.
    await waitFor(() => fr.part('error') && es.part('error'), 'error views');
    expect(fr.part('error')!.textContent).to.contain('Les données n’ont pas pu être chargées.');
    expect(fr.part('retry-button')!.textContent!.trim()).to.equal('Réessayer');
    expect(es.part('error')!.textContent).to.contain('No se pudieron cargar los datos.');
    expect(es.part('retry-button')!.textContent!.trim()).to.equal('Reintentar');
  });
});

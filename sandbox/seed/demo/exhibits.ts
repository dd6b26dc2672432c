/** Exhibits from hand-written definitions, with generated presenters and team members. */
import type { ExhibitType } from '../../../src/api/contract.js';
import type { SeedExhibit } from '../types.js';
import type { NameSource } from './names.js';
import { asciiFold, slugify, type Rng } from './util.js';

export interface ExhibitDef {
  title: string;
  exhibitType: ExhibitType;
  shortDescription: string;
  description: string;
  booth: string | null;
  website: string | null;
  published: boolean;
}

export function buildExhibits(rng: Rng, prefix: string, names: NameSource, defs: readonly ExhibitDef[]): SeedExhibit[] {
  return defs.map((def) => {
    const slug = slugify(def.title);
    const presenter = names.next();
    const local = asciiFold(`${presenter.given}.${presenter.family}`)
      .toLowerCase()
      .replace(/[^a-z.]+/g, '');
    return {
      id: `${prefix}ex-${slug}`,
      title: def.title,
      exhibitType: def.exhibitType,
      shortDescription: def.shortDescription,
      description: def.description,
      booth: def.booth,
      logoUrl: null,
      websiteUrl: def.website,
      presenter: { fullName: presenter.fullName, email: `${local}@${slug}.example` },
      teamPeople: Array.from({ length: rng.int(0, 3) }, () => names.next().fullName),
      published: def.published,
    };
  });
}

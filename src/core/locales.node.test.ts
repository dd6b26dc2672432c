/**
 * Every shipped locale has every text: the ids given to `msg()` anywhere in `src/` are read from
 * the sources (TypeScript's parser, not a regex), grouped into catalogs by their prefix
 * (`schedule.*` → `src/elements/schedule/locales/`, `form.*` → `src/core/locales/form.*.ts`), and
 * each catalog's module of each translated locale must hold exactly those ids, with the same
 * placeholders as the English.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { LOCALES, SOURCE_LOCALE } from './localize.js';

const SRC = fileURLToPath(new URL('..', import.meta.url));
const TRANSLATED = LOCALES.filter((l) => l !== SOURCE_LOCALE);

/** A text as the source gives it: where, and how many `${…}` placeholders its `str` has. */
interface SourceText {
  where: string;
  placeholders: number;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'locales' ? [] : sourceFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** Every `msg(text, { id: '…' })` in the sources; a `msg(` without a literal id is an error. */
function usedTexts(): { texts: Map<string, SourceText>; problems: string[] } {
  const texts = new Map<string, SourceText>();
  const problems: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const code = readFileSync(file, 'utf8');
    if (!code.includes('msg(')) continue;
    const sf = ts.createSourceFile(file, code, ts.ScriptTarget.ES2022, true);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'msg') {
        const line = sf.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        const where = `${relative(SRC, file)}:${line}`;
        const [text, options] = node.arguments;
        const idProp =
          options && ts.isObjectLiteralExpression(options)
            ? options.properties.find(
                (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(sf) === 'id',
              )
            : undefined;
        const id = idProp && ts.isStringLiteralLike(idProp.initializer) ? idProp.initializer.text : undefined;
        let placeholders = -1;
        if (text && ts.isStringLiteralLike(text)) placeholders = 0;
        else if (text && ts.isTaggedTemplateExpression(text) && text.tag.getText(sf) === 'str') {
          placeholders = ts.isTemplateExpression(text.template) ? text.template.templateSpans.length : 0;
        }
        if (id === undefined) problems.push(`${where}: msg() without a literal { id: '…' }`);
        else if (placeholders < 0)
          problems.push(`${where}: msg('${id}') text is neither a string literal nor a str\`\` template`);
        else {
          const seen = texts.get(id);
          if (seen && seen.placeholders !== placeholders)
            problems.push(
              `${where}: '${id}' used with ${placeholders} placeholders, at ${seen.where} with ${seen.placeholders}`,
            );
          else texts.set(id, { where, placeholders });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return { texts, problems };
}

/** A locale module on disk: its catalog (directory + name before the locale) and locale. */
interface CatalogFile {
  catalog: string;
  locale: string;
  path: string;
}

function catalogFiles(): CatalogFile[] {
  const out: CatalogFile[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (dir.endsWith('locales')) {
        const m = /^(?:([\w-]+)\.)?([a-z]{2,3})\.ts$/.exec(e.name);
        if (m) out.push({ catalog: join(relative(SRC, dir), m[1] ?? ''), locale: m[2]!, path: p });
      }
    }
  };
  walk(SRC);
  return out;
}

/** The placeholder indices a translation uses: `${0}`, `${1}` of a `str` template; none for a string. */
function placeholdersOf(template: unknown): number[] {
  if (typeof template === 'string') return [];
  const values = (template as { values?: unknown[] } | null)?.values;
  return Array.isArray(values) ? values.map(Number).sort((a, b) => a - b) : [NaN];
}

const { texts, problems } = usedTexts();
const files = catalogFiles();
const loaded = await Promise.all(
  files.map(async (f) => ({
    ...f,
    templates: ((await import(pathToFileURL(f.path).href)) as { templates: Record<string, unknown> }).templates,
  })),
);
/** Catalog → the id prefix its modules hold (`schedule`), from the ids they have. */
const prefixOf = new Map<string, Set<string>>();
for (const f of loaded) {
  for (const id of Object.keys(f.templates)) {
    const set = prefixOf.get(f.catalog) ?? new Set();
    set.add(id.split('.')[0]!);
    prefixOf.set(f.catalog, set);
  }
}

describe('translations', () => {
  it('reads every msg() in src with a literal id and a literal text', () => {
    assert.ok(texts.size > 300, `only ${texts.size} ids found: is the parsing broken?`);
    assert.deepEqual(problems, []);
  });

  it('has one id prefix per catalog, and a catalog for every prefix used', () => {
    for (const [catalog, prefixes] of prefixOf)
      assert.equal(prefixes.size, 1, `${catalog} mixes prefixes ${[...prefixes].join(', ')}`);
    const known = new Set([...prefixOf.values()].flatMap((s) => [...s]));
    const orphans = [...texts].filter(([id]) => !known.has(id.split('.')[0]!)).map(([id, t]) => `${id} (${t.where})`);
    assert.deepEqual(orphans, [], 'ids whose prefix has no locales/ catalog');
  });

  for (const [catalog, prefixes] of prefixOf) {
    const prefix = [...prefixes][0]!;
    const wanted = [...texts.keys()].filter((id) => id.split('.')[0] === prefix).sort();
    for (const locale of TRANSLATED) {
      it(`${catalog} in ${locale}: exactly the ids the source uses, same placeholders`, () => {
        const file = loaded.find((f) => f.catalog === catalog && f.locale === locale);
        assert.ok(file, `no ${locale} module for ${catalog}`);
        const have = Object.keys(file.templates);
        const missing = wanted.filter((id) => !(id in file.templates));
        const extra = have.filter((id) => !texts.has(id));
        assert.deepEqual({ missing, extra }, { missing: [], extra: [] }, `${relative(SRC, file.path)}`);
        const mismatched = wanted.filter((id) => {
          const n = texts.get(id)!.placeholders;
          const got = placeholdersOf(file.templates[id]);
          return got.length !== n || got.some((v, i) => v !== i);
        });
        assert.deepEqual(mismatched, [], `${relative(SRC, file.path)}: placeholders differ from the English`);
        // A module nobody registers is never loaded: the element would speak English.
        const dir = dirname(dirname(file.path));
        const module = `./locales/${basename(file.path).replace(/\.ts$/, '.js')}`;
        const registered = sourceFiles(dir)
          .filter((f) => dirname(f) === dir)
          .some((f) => readFileSync(f, 'utf8').includes(`registerMessages('${locale}', () => import('${module}'))`));
        assert.ok(
          registered,
          `nothing in ${relative(SRC, dir)}/ calls registerMessages('${locale}', () => import('${module}'))`,
        );
        const empty = have.filter((id) => {
          const t = file.templates[id];
          return typeof t === 'string' ? t.trim() === '' : false;
        });
        assert.deepEqual(empty, [], 'empty translations');
      });
    }
  }
});

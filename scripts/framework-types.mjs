// Framework typings from the custom elements manifest, written by `npm run build` after the
// manifest:
//   dist/frameworks/elements.d.ts  per element, its attributes (names and types as the manifest
//                                  gives them) and its event handlers typed with our event classes
//   dist/frameworks/react.d.ts     React 19's JSX.IntrinsicElements   (`conf-widgets/react`)
//   dist/frameworks/preact.d.ts    Preact's JSX.IntrinsicElements     (`conf-widgets/preact`)
//   dist/frameworks/vue.d.ts       Vue 3's GlobalComponents            (`conf-widgets/vue`)
//   dist/frameworks/svelte.d.ts    Svelte 5's SvelteHTMLElements       (`conf-widgets/svelte`)
// and beside each an empty module, so `import 'conf-widgets/react'` also resolves at run time.
//
// Ours rather than the custom-element-*-integration generators: those type every event as
// `CustomEvent<T>` with T the manifest's event type, but our events are classes of their own
// (`ConfRegisteredEvent extends Event`, with a `detail`), which a handler should receive as such.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, posix, relative } from 'node:path';

const OUT = 'dist/frameworks';

/** Elements of the manifest: tag, class, module, attributes and events. */
export function manifestElements(manifest) {
  const elements = [];
  for (const mod of manifest.modules) {
    for (const decl of mod.declarations ?? []) {
      if (!decl.customElement || !decl.tagName) continue;
      elements.push({
        tag: decl.tagName,
        className: decl.name,
        module: mod.path,
        description: decl.summary ?? decl.description,
        // `data-prefill-<field>` names a family of attributes, which `data-*` already allows.
        attributes: (decl.attributes ?? [])
          .filter((a) => /^[a-z][a-z0-9-]*$/.test(a.name))
          .map((a) => ({ name: a.name, type: a.type?.text ?? 'string', description: a.description })),
        events: (decl.events ?? [])
          .filter((e) => e.name && e.eventClass)
          .map((e) => ({ name: e.name, eventClass: e.eventClass, description: e.description })),
      });
    }
  }
  return elements.sort((a, b) => a.tag.localeCompare(b.tag));
}

/** `'./x.js'` path from `dist/frameworks/` to a module the manifest names (`dist/esm/…`). */
const importPath = (module) => {
  const p = relative(OUT, module).split('\\').join(posix.sep);
  return p.startsWith('.') ? p : `./${p}`;
};
const camel = (name) => name.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
const pascal = (name) => camel(name).replace(/^[a-z]/, (c) => c.toUpperCase());
const key = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`);
const doc = (text, indent = '  ') =>
  text ? `${indent}/** ${text.replace(/\*\//g, '*\\/').replace(/\s*\n\s*/g, ' ')} */\n` : '';

/** elements.d.ts: `<Class>Attributes`, `<Class>Events` (JSX style `onconf-x`) and `<Class>VueProps`. */
function elementsModule(elements) {
  const imports = new Map(); // module → names
  const use = (module, name) => imports.set(module, new Set([...(imports.get(module) ?? []), name]));
  const body = [];
  for (const el of elements) {
    use(el.module, el.className);
    const attributes = el.attributes.map((a) => `${doc(a.description)}  ${key(a.name)}?: ${a.type};\n`).join('');
    const events = el.events
      .map((e) => {
        use(e.eventClass.module, e.eventClass.name);
        return `${doc(e.description)}  ${key(`on${e.name}`)}?: (event: ${e.eventClass.name}) => void;\n`;
      })
      .join('');
    // Vue names props in camelCase (`time-zone` → `timeZone`) and a listener `@conf-x` `onConfX`.
    const vue = [
      ...el.attributes.map((a) => `${doc(a.description)}  ${key(camel(a.name))}?: ${a.type};\n`),
      ...el.events.map(
        (e) => `${doc(e.description)}  ${key(`on${pascal(e.name)}`)}?: (event: ${e.eventClass.name}) => void;\n`,
      ),
    ].join('');
    body.push(
      `/** \`<${el.tag}>\`: its attributes. */\nexport interface ${el.className}Attributes {\n${attributes}}\n`,
      `/** \`<${el.tag}>\`: its events, as JSX handler props (\`on\` + the event's name). */\nexport interface ${el.className}Events {\n${events}}\n`,
      `/** \`<${el.tag}>\` in a Vue template: its attributes and \`@\` listeners. */\nexport interface ${el.className}VueProps {\n${vue}}\n`,
    );
  }
  const header = [...imports]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([module, names]) => `import type { ${[...names].sort().join(', ')} } from '${importPath(module)}';\n`)
    .join('');
  return `${header}\n${body.join('\n')}`;
}

/** The import of every element's class and its two interfaces from elements.d.ts. */
function elementImports(elements, suffixes) {
  const classes = elements.map((el) => `import type { ${el.className} } from '${importPath(el.module)}';\n`);
  const names = elements.flatMap((el) => suffixes.map((s) => `${el.className}${s}`)).sort();
  return `${classes.join('')}import type { ${names.join(', ')} } from './elements.js';\n`;
}

function reactModule(elements) {
  const entries = elements
    .map(
      (el) =>
        `${doc(el.description, '      ')}      '${el.tag}': Props<${el.className}, ${el.className}Attributes & ${el.className}Events>;\n`,
    )
    .join('');
  return `${elementImports(elements, ['Attributes', 'Events'])}import type { DetailedHTMLProps, HTMLAttributes } from 'react';

/** React's props for any element (ref, key, children, className, …) with ours in place of theirs. */
type Props<E extends HTMLElement, Own> = Omit<DetailedHTMLProps<HTMLAttributes<E>, E>, keyof Own> & Own;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
${entries}    }
  }
}
`;
}

function preactModule(elements) {
  const entries = elements
    .map(
      (el) =>
        `${doc(el.description, '      ')}      '${el.tag}': Props<${el.className}, ${el.className}Attributes & ${el.className}Events>;\n`,
    )
    .join('');
  return `${elementImports(elements, ['Attributes', 'Events'])}import type { JSX } from 'preact';

/** Preact's props for any element (ref, key, children, class, …) with ours in place of theirs. */
type Props<E extends HTMLElement, Own> = Omit<JSX.HTMLAttributes<E>, keyof Own> & Own;

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
${entries}    }
  }
}
`;
}

function vueModule(elements) {
  const props = elements.map((el) => `${el.className}VueProps`).sort();
  const classes = `import type { ${props.join(', ')} } from './elements.js';\n`;
  const entries = elements
    .map((el) => `${doc(el.description, '    ')}    '${el.tag}': DefineComponent<${el.className}VueProps>;\n`)
    .join('');
  return `${classes}import type { DefineComponent } from 'vue';

declare module 'vue' {
  interface GlobalComponents {
${entries}  }
}
`;
}

function svelteModule(elements) {
  const entries = elements
    .map(
      (el) =>
        `${doc(el.description, '    ')}    '${el.tag}': Props<${el.className}, ${el.className}Attributes & ${el.className}Events>;\n`,
    )
    .join('');
  return `${elementImports(elements, ['Attributes', 'Events'])}import type { HTMLAttributes } from 'svelte/elements';

/** Svelte's attributes for any element (class, style, bind:this, …) with ours in place of theirs. */
type Props<E extends HTMLElement, Own> = Omit<HTMLAttributes<E>, keyof Own> & Own;

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
${entries}  }
}
`;
}

const GENERATED = '// Generated by `npm run build` (scripts/framework-types.mjs) from dist/custom-elements.json.\n';

/** Writes dist/frameworks/ from the manifest; returns the files written. */
export function writeFrameworkTypes(manifestPath = 'dist/custom-elements.json') {
  const elements = manifestElements(JSON.parse(readFileSync(manifestPath, 'utf8')));
  if (elements.length === 0) throw new Error(`${manifestPath} names no custom element`);
  const files = {
    'elements.d.ts': elementsModule(elements),
    'react.d.ts': reactModule(elements),
    'preact.d.ts': preactModule(elements),
    'vue.d.ts': vueModule(elements),
    'svelte.d.ts': svelteModule(elements),
  };
  for (const name of ['react', 'preact', 'vue', 'svelte']) {
    files[`${name}.js`] = '// Types only: see the .d.ts beside this file.\nexport {};\n';
  }
  const written = [];
  for (const [name, text] of Object.entries(files)) {
    const path = `${OUT}/${name}`;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, GENERATED + text);
    written.push(path);
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = writeFrameworkTypes(process.argv[2]);
  console.log(`framework types: ${files.filter((f) => f.endsWith('.d.ts')).join(', ')}`);
}

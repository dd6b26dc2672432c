import { resolve } from 'node:path';
import ts from 'typescript';

// `npm run build` writes dist/custom-elements.json from the elements' JSDoc (STYLE 3); Storybook
// controls and editors read it.

/**
 * Tag names from `defineElement('conf-x', ConfX)` calls (STYLE 1 keeps registration apart from
 * the class, so the analyzer, which looks for `customElements.define`, does not see them). The
 * class gets its `tagName`, and the define module a `custom-element-definition` export, as the
 * analyzer does for `customElements.define`; an `@customElement` tag in the class JSDoc still
 * works and agrees with this.
 */
function defineElementTags() {
  const found = []; // { tag, className, path }
  return {
    name: 'conf-define-element-tags',
    analyzePhase({ ts, node, moduleDoc }) {
      if (!ts.isCallExpression(node) || node.expression.getText() !== 'defineElement') return;
      const [tag, ctor] = node.arguments;
      if (!tag || !ctor || !ts.isStringLiteral(tag) || !ts.isIdentifier(ctor)) return;
      found.push({ tag: tag.text, className: ctor.text, path: moduleDoc.path });
    },
    packageLinkPhase({ customElementsManifest }) {
      for (const { tag, className, path } of found) {
        const home = customElementsManifest.modules.find((m) =>
          m.declarations?.some((d) => d.kind === 'class' && d.name === className),
        );
        const cls = home?.declarations.find((d) => d.kind === 'class' && d.name === className);
        if (!cls) continue;
        cls.customElement = true;
        cls.tagName ??= tag;
        const definer = customElementsManifest.modules.find((m) => m.path === path);
        if (!definer) continue;
        definer.exports ??= [];
        if (!definer.exports.some((e) => e.kind === 'custom-element-definition' && e.name === tag)) {
          definer.exports.push({
            kind: 'custom-element-definition',
            name: tag,
            declaration: { name: className, module: home.path },
          });
        }
      }
    },
  };
}

/**
 * Events (STYLE 4: one class per event, `static readonly type = 'conf-x'` and `readonly detail:
 * ConfXDetail`). The analyzer adds an unnamed entry for each `dispatchEvent(new ConfXEvent(…))`
 * beside the named one from the `@event {ConfXEvent} conf-x` line, and gives the event class as
 * the event's `type`, which framework type generators wrap as the detail (`CustomEvent<type>`).
 * Here every event has its name (the class's `type`), `type` is the detail type with a reference
 * to the module that exports it, the class is kept as `eventClass`, and each name is listed once
 * per element. A JSDoc line naming an event other than its class's fails the build.
 */
function eventDetails() {
  /** Event class name → its event name, detail type and module. */
  const classes = new Map();
  return {
    name: 'conf-event-details',
    analyzePhase({ ts, node, moduleDoc }) {
      if (!ts.isClassDeclaration(node) || !node.name) return;
      const type = node.members.find(
        (m) =>
          ts.isPropertyDeclaration(m) &&
          m.name.getText() === 'type' &&
          m.modifiers?.some((k) => k.kind === ts.SyntaxKind.StaticKeyword),
      );
      const detail = node.members
        .find(ts.isConstructorDeclaration)
        ?.parameters.find((p) => p.name.getText() === 'detail');
      if (!type?.initializer || !ts.isStringLiteral(type.initializer) || !detail?.type) return;
      classes.set(node.name.text, {
        name: type.initializer.text,
        detail: detail.type.getText(),
        module: moduleDoc.path,
      });
    },
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules) {
        for (const decl of mod.declarations ?? []) {
          if (!decl.events) continue;
          const byName = new Map();
          for (const event of decl.events) {
            const className = event.eventClass?.name ?? event.type?.text;
            const cls = classes.get(className);
            if (cls) {
              if (event.name && event.name !== cls.name) {
                throw new Error(
                  `${mod.path}: @event ${event.name} is typed ${className}, whose events are named ${cls.name}`,
                );
              }
              event.name = cls.name;
              event.type = { text: cls.detail, references: [{ name: cls.detail, module: cls.module }] };
              event.eventClass = { name: className, module: cls.module };
            }
            const seen = byName.get(event.name);
            // The JSDoc entry (with a description) wins over the one derived from dispatchEvent.
            byName.set(
              event.name,
              seen ? { ...event, ...seen, description: seen.description ?? event.description } : event,
            );
          }
          decl.events = [...byName.values()];
        }
      }
    },
  };
}

/**
 * Attribute types as the TypeScript checker sees them. The analyzer copies a field's annotation as
 * written: a named union (`view: ScheduleView`, `theme: Theme | undefined`) stays a bare name that a
 * framework type generator cannot resolve, and a field typed by its initializer
 * (`headingLevel = DEFAULT_HEADING_LEVEL`) gets no type at all. Here each attribute backed by a
 * field gets, from a program over the sources, its union of literals spelled out
 * (`'list' | 'grid' | 'screen'`) or, where the analyzer left none, the checker's type; the field's
 * own entry gets the same text. The built-in `lang` attribute is a string.
 */
function checkedAttributeTypes() {
  return {
    name: 'conf-checked-attribute-types',
    packageLinkPhase({ customElementsManifest }) {
      const config = ts.getParsedCommandLineOfConfigFile(
        'tsconfig.build.json',
        {},
        {
          ...ts.sys,
          onUnRecoverableConfigFileDiagnostic: (d) => {
            throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
          },
        },
      );
      const prog = ts.createProgram(config.fileNames, config.options);
      const check = prog.getTypeChecker();
      for (const mod of customElementsManifest.modules) {
        const source = prog.getSourceFile(resolve(mod.path));
        for (const decl of mod.declarations ?? []) {
          if (decl.kind !== 'class' || !decl.attributes?.length || !source) continue;
          const node = source.statements.find((s) => ts.isClassDeclaration(s) && s.name?.text === decl.name);
          if (!node?.name) continue;
          const instance = check.getDeclaredTypeOfSymbol(check.getSymbolAtLocation(node.name));
          for (const attribute of decl.attributes) {
            if (!attribute.fieldName) {
              if (attribute.name === 'lang') attribute.type ??= { text: 'string' };
              continue;
            }
            const property = check.getPropertyOfType(instance, attribute.fieldName);
            if (!property) continue;
            const text = typeText(check, check.getTypeOfSymbol(property), attribute.type?.text);
            if (!text) continue;
            attribute.type = { text };
            const field = decl.members?.find((m) => m.kind === 'field' && m.name === attribute.fieldName);
            if (field) field.type = { text };
          }
        }
      }
    },
  };
}

/**
 * `'a' | 'b' | undefined` for a union with string literals (in the analyzer's quote style, which the
 * stories' controls read), the checker's text where the analyzer had none, else undefined (keep it).
 */
function typeText(check, type, written) {
  if (type.isUnion() && type.types.some((t) => t.isStringLiteral())) {
    // Literals first, `undefined` and `null` last: `'auto' | 'light' | 'dark' | undefined`.
    const last = (t) => (t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null) ? 1 : 0);
    const members = [...type.types].sort((a, b) => last(a) - last(b));
    const parts = members.map((t) => (t.isStringLiteral() ? `'${t.value}'` : check.typeToString(t)));
    // `boolean` is the union `false | true`: keep it one word.
    const bool = parts.includes('false') && parts.includes('true');
    return [...(bool ? ['boolean'] : []), ...parts.filter((p) => !bool || (p !== 'false' && p !== 'true'))].join(' | ');
  }
  return written ? undefined : check.typeToString(type);
}

/**
 * The manifest ships in the package beside the built modules, not the sources: every module path
 * `src/x.ts` becomes `dist/esm/x.js` (where `x.d.ts` is too), so a generator's imports resolve
 * in an installed package.
 */
function shippedPaths() {
  const shipped = (p) => p.replace(/^src\/(.+)\.ts$/, 'dist/esm/$1.js');
  const visit = (value) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    for (const [key, v] of Object.entries(value)) {
      if ((key === 'path' || key === 'module') && typeof v === 'string') value[key] = shipped(v);
      else visit(v);
    }
  };
  return {
    name: 'conf-shipped-paths',
    packageLinkPhase: ({ customElementsManifest }) => visit(customElementsManifest),
  };
}

export default {
  globs: ['src/**/*.ts'],
  exclude: ['src/**/*.test.ts', 'src/**/*.node.test.ts', 'src/**/*.model.ts', 'src/api/**'],
  outdir: 'dist',
  litelement: true,
  dependencies: false,
  // shippedPaths last: the others match modules by their source paths.
  plugins: [defineElementTags(), eventDetails(), checkedAttributeTypes(), shippedPaths()],
};

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
          definer.exports.push({ kind: 'custom-element-definition', name: tag, declaration: { name: className, module: home.path } });
        }
      }
    },
  };
}

export default {
  globs: ['src/**/*.ts'],
  exclude: ['src/**/*.test.ts', 'src/**/*.node.test.ts', 'src/**/*.model.ts', 'src/api/**'],
  outdir: 'dist',
  litelement: true,
  dependencies: false,
  plugins: [defineElementTags()],
};

// `npm run build` writes dist/custom-elements.json from the elements' JSDoc (STYLE 3); Storybook
// controls and editors read it.
export default {
  globs: ['src/**/*.ts'],
  exclude: ['src/**/*.test.ts', 'src/**/*.node.test.ts', 'src/**/*.model.ts', 'src/api/**'],
  outdir: 'dist',
  litelement: true,
  dependencies: false,
};

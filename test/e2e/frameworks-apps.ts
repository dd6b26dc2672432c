/**
 * One tiny app per framework, as an integrating developer writes it: the elements imported from
 * conf-widgets and their typings by one type import (`conf-widgets/react`, `/preact`, `/vue`,
 * `/svelte`). frameworks.e2e.test.ts writes each into a temp folder and checks it with the
 * framework's tool; README's "Frameworks" shows the same components. (Kept here as text: the
 * repository's own typecheck would read .tsx files under test/ without a JSX setting.)
 */

export const APPS: Record<string, Record<string, string>> = {
  react: {
    'harness.tsx': `// The test's page: the app, and the event class the test dispatches from the element.
import { ConfRegisteredEvent } from 'conf-widgets';
import './src/main.js';

Object.assign(window, { confWidgets: { ConfRegisteredEvent } });
`,
    'src/App.tsx': `import { useState } from 'react';
import 'conf-widgets/schedule';
import 'conf-widgets/registration-form';
import type {} from 'conf-widgets/react';

export function App() {
  const [registered, setRegistered] = useState('');
  return (
    <>
      <conf-schedule view="grid" time-zone="Europe/Berlin"></conf-schedule>
      <conf-registration-form onconf-registered={(e) => setRegistered(e.detail.id)}></conf-registration-form>
      <output>{registered}</output>
    </>
  );
}
`,
    'src/main.tsx': `import { createRoot } from 'react-dom/client';
import { App } from './App.js';

createRoot(document.getElementById('root')!).render(<App />);
`,
    'tsconfig.json': `{
  "compilerOptions": {
    "target": "ES2022",
    "lib": ["ES2023", "DOM", "DOM.Iterable"],
    "module": "ESNext",
    "moduleResolution": "bundler",
    "jsx": "react-jsx",
    "strict": true,
    "verbatimModuleSyntax": true,
    "skipLibCheck": true,
    "noEmit": true,
    "types": []
  },
  "include": ["src"]
}
`,
  },
  preact: {
    'src/App.tsx': `import { useState } from 'preact/hooks';
import 'conf-widgets/schedule';
import 'conf-widgets/registration-form';
import type {} from 'conf-widgets/preact';

export function App() {
  const [registered, setRegistered] = useState('');
  return (
    <>
      <conf-schedule view="grid" time-zone="Europe/Berlin"></conf-schedule>
      <conf-registration-form onconf-registered={(e) => setRegistered(e.detail.id)}></conf-registration-form>
      <output>{registered}</output>
    </>
  );
}
`,
    'tsconfig.json': `{
  "compilerOptions": {
    "target": "ES2022",
    "lib": ["ES2023", "DOM", "DOM.Iterable"],
    "module": "ESNext",
    "moduleResolution": "bundler",
    "jsx": "react-jsx",
    "jsxImportSource": "preact",
    "strict": true,
    "verbatimModuleSyntax": true,
    "skipLibCheck": true,
    "noEmit": true,
    "types": []
  },
  "include": ["src"]
}
`,
  },
  vue: {
    'src/App.vue': `<script setup lang="ts">
import { ref } from 'vue';
import 'conf-widgets/schedule';
import 'conf-widgets/registration-form';
import type {} from 'conf-widgets/vue';

const registered = ref('');
</script>

<template>
  <conf-schedule view="grid" time-zone="Europe/Berlin"></conf-schedule>
  <conf-registration-form @conf-registered="(e) => (registered = e.detail.id)"></conf-registration-form>
  <output>{{ registered }}</output>
</template>
`,
    'tsconfig.json': `{
  "compilerOptions": {
    "target": "ES2022",
    "lib": ["ES2023", "DOM", "DOM.Iterable"],
    "module": "ESNext",
    "moduleResolution": "bundler",
    "jsx": "preserve",
    "strict": true,
    "verbatimModuleSyntax": true,
    "skipLibCheck": true,
    "noEmit": true,
    "types": []
  },
  "vueCompilerOptions": { "strictTemplates": true },
  "include": ["src/**/*.ts", "src/**/*.vue"]
}
`,
  },
  svelte: {
    'src/App.svelte': `<script lang="ts">
  import 'conf-widgets/schedule';
  import 'conf-widgets/registration-form';
  import type {} from 'conf-widgets/svelte';

  let registered = $state('');
</script>

<conf-schedule view="grid" time-zone="Europe/Berlin"></conf-schedule>
<conf-registration-form onconf-registered={(e) => (registered = e.detail.id)}></conf-registration-form>
<output>{registered}</output>
`,
    'tsconfig.json': `{
  "compilerOptions": {
    "target": "ES2022",
    "lib": ["ES2023", "DOM", "DOM.Iterable"],
    "module": "ESNext",
    "moduleResolution": "bundler",
    "strict": true,
    "verbatimModuleSyntax": true,
    "skipLibCheck": true,
    "noEmit": true,
    "types": []
  },
  "include": ["src/**/*.ts", "src/**/*.svelte"]
}
`,
  },
};

// Stories are bundled by Vite: `import.meta.glob` and friends.
/// <reference types="vite/client" />

/** See bundle-plugins.mjs: the part the tests read (the build's plugins are used by the build alone). */
/** The decoder's WebAssembly file name in the bundle, with the hash of its bytes. */
export function decoderWasmFile(): string;

// A .wasm file imported as a compiled WebAssembly module (the Workers runtime cannot compile one from bytes).
declare module "*.wasm?module" {
  const module: WebAssembly.Module;
  export default module;
}

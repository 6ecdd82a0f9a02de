// Module resolve hook for globsync-shim.mjs: "fs" and "node:fs" resolve to the shimmed module,
// except from the shimmed module itself (which needs the real one).
const shimUrl = new URL("./fs-with-globsync.mjs", import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if ((specifier === "fs" || specifier === "node:fs") && context.parentURL !== shimUrl) {
    return { url: shimUrl, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

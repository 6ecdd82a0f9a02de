// Process-wide state, in one place. Next.js bundles a module into several chunks (one copy per
// route group) and the start script loads some as plain files, so module-level state would exist
// once per copy: what must be one per process (the configuration, the logger, the caches, the
// limiters, the shutdown hooks, …) lives here instead, by name.
const STATE = Symbol.for("menu-service.process-state");

/**
 * The process's value of `name`, made by `create` the first time any copy of any module asks.
 *
 * @template T
 * @param {string} name
 * @param {() => T} create
 * @returns {T}
 */
export function processState(name, create) {
  const state = (globalThis[STATE] ??= new Map());
  if (!state.has(name)) state.set(name, create());
  return state.get(name);
}

// What must be closed when the process stops (database pools). Modules register a closer when
// they open something; scripts/start.mjs runs them all once the server has drained. The set lives
// on globalThis under a registered symbol because the start script and the Next.js bundles load
// separate copies of lib/: a symbol is the one name they share.
const HOOKS = Symbol.for("menu-service.shutdown-hooks");

type Closer = () => Promise<void>;
const registry = globalThis as unknown as { [HOOKS]?: Set<Closer> };

export function onShutdown(close: Closer): void {
  (registry[HOOKS] ??= new Set()).add(close);
}

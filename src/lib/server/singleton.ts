/**
 * One instance per process, even when the same module is loaded twice: the production entry
 * and Astro's bundle (or Vite's dev module graph and the config) each hold a copy of it.
 */
export function singleton<T>(name: string, make: () => T): T {
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  const key = Symbol.for(`recruit.${name}`);
  return (store[key] ??= make());
}

export function getSingleton<T>(name: string): T | undefined {
  return (globalThis as unknown as Record<symbol, T | undefined>)[Symbol.for(`recruit.${name}`)];
}

export function clearSingleton(name: string): void {
  delete (globalThis as unknown as Record<symbol, unknown>)[Symbol.for(`recruit.${name}`)];
}

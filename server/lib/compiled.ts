/**
 * Whether this code runs compiled (dist/node, made by scripts/compile-server.mjs, which defines
 * `__WATCHIO_COMPILED__` as true) or as the TypeScript sources (`npm run dev`, the tests). Only
 * a worker thread's entry depends on it: compiled, a worker loads its compiled entry beside the
 * calling chunk; from the sources it loads a small JavaScript file that registers tsx first.
 */
declare const __WATCHIO_COMPILED__: boolean | undefined

export const runsCompiled: boolean = typeof __WATCHIO_COMPILED__ !== 'undefined' && __WATCHIO_COMPILED__

/**
 * The file a worker thread starts from: `compiledName` (a bundle entry in dist/node, named in
 * scripts/compile-server.mjs) when compiled, else `sourceBoot`. `base` is the caller's
 * `import.meta.url`: every compiled entry and chunk is in one folder, so a name beside any of
 * them is the entry's.
 */
export function workerEntry(base: string, names: { compiled: string; sourceBoot: string }): URL {
  return new URL(runsCompiled ? `./${names.compiled}` : names.sourceBoot, base)
}

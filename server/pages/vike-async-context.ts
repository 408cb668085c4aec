import type { AsyncLocalStorage } from 'node:async_hooks'

/** Where vike keeps its AsyncLocalStorage (vike/dist/server/runtime/asyncHook.js, getGlobalObject). */
const VIKE_ASYNC_HOOK = 'server/runtime/asyncHook.ts'

interface VikeAsyncHook {
  asyncLocalStorage: AsyncLocalStorage<unknown> | null
  installPromise: Promise<void>
}

/**
 * Takes vike's AsyncLocalStorage away, so that rendering a page leaves Node's async hooks off.
 *
 * vike runs every `renderPage()` inside an AsyncLocalStorage of its own, only so that
 * `getPageContext()` called without an argument (and its development logger) can find the page
 * being rendered; this site calls neither (hooks take their pageContext as an argument). But the
 * first `run()` turns Node's async hooks on for the whole process, for good: from then on every
 * promise, tick, socket write and request calls into JavaScript to propagate the context. Every
 * running server renders through vike (the lean path's check at start, /blog, 404s), so every
 * request and every save paid for it: in `npx tsx tests/bench/serve-profile.ts --cpu-prof`, the
 * init hooks (`emitInitScript`, `emitInitNative`, `_propagate`) were about 7 % of the server's CPU
 * on a post page.
 *
 * With none, vike renders outside any context (its code checks for null: a runtime without
 * async_hooks). Returns false when vike no longer keeps it where this looks (a new vike version):
 * nothing changes then, and tests/api/vike-async-context.test.ts fails to say so.
 */
export async function turnOffVikeAsyncContext(): Promise<boolean> {
  const globals = (globalThis as { _vike?: { globals?: Record<string, unknown> } })._vike?.globals
  const hook = globals?.[VIKE_ASYNC_HOOK] as Partial<VikeAsyncHook> | undefined
  if (!hook || !('asyncLocalStorage' in hook) || !(hook.installPromise instanceof Promise)) return false
  // It is made asynchronously (a dynamic import of node:async_hooks): take it once it exists.
  await hook.installPromise
  hook.asyncLocalStorage?.disable()
  hook.asyncLocalStorage = null
  return true
}

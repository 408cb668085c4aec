import { existsSync, type FSWatcher, watch } from 'node:fs'

/**
 * Calls `onChange` with the names of files that changed in `dir`, collected for
 * `settleMs` so that a burst (a git checkout, an editor's save dance) is one call.
 * When the folder itself disappears and comes back (a branch switch), the watch is
 * re-established and `onChange` is called with `null`: "rescan everything".
 */
export function watchFolder(options: {
  dir: string
  settleMs: number
  onChange: (names: Set<string> | null) => void
  onError: (error: Error) => void
}): () => void {
  const { dir, settleMs, onChange, onError } = options
  let pending: Set<string> | null = new Set()
  let timer: NodeJS.Timeout | undefined
  let watcher: FSWatcher | undefined
  let retry: NodeJS.Timeout | undefined
  let closed = false

  const flush = () => {
    timer = undefined
    // inotify keeps quiet once the folder itself is gone: watch again when it is back.
    if (!existsSync(dir)) restart()
    const names = pending
    pending = new Set()
    onChange(names)
  }
  const schedule = () => {
    timer ??= setTimeout(flush, settleMs)
  }
  const start = (rescan: boolean) => {
    if (closed) return
    try {
      watcher = watch(dir, (_event, name) => {
        if (name === null) pending = null
        else pending?.add(String(name))
        schedule()
      })
      watcher.on('error', restart)
      if (rescan) {
        pending = null
        schedule()
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') onError(error as Error)
      retry = setTimeout(() => start(true), 1000)
    }
  }
  const restart = () => {
    watcher?.close()
    watcher = undefined
    clearTimeout(retry)
    retry = setTimeout(() => start(true), 200)
  }

  start(false)
  return () => {
    closed = true
    clearTimeout(timer)
    clearTimeout(retry)
    watcher?.close()
  }
}

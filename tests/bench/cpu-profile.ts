/**
 * A V8 CPU profile (`node --cpu-prof`) read as the benches print it: the heaviest functions, each
 * named by its source file and line. The production server runs compiled bundles (dist/node), so
 * a frame in one is mapped back through the bundle's source map to the `server/….ts` line.
 */
import { readFileSync } from 'node:fs'
import { SourceMap } from 'node:module'
import { fileURLToPath } from 'node:url'

export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number }; children?: number[] }[]
  samples: number[]
  timeDeltas: number[]
}

/**
 * The functions with the most self time, and the most total time, in the samples from
 * `fromMicros` on (the measured runs, not the start), as shares of the busy (not idle) samples.
 */
export function summariseProfile(profile: CpuProfile, fromMicros: number): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parent = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  const self = new Map<string, number>()
  const total = new Map<string, number>()
  const where = sourceLocator()
  const labels = new Map<number, string>()
  const label = (id: number) => {
    let text = labels.get(id)
    if (text === undefined) {
      const { functionName, url, lineNumber, columnNumber } = byId.get(id)!.callFrame
      labels.set(id, (text = `${functionName || '(anonymous)'} ${where(url, lineNumber, columnNumber ?? 0)}`))
    }
    return text
  }
  let at = 0
  let count = 0
  for (const [index, id] of profile.samples.entries()) {
    at += profile.timeDeltas[index] ?? 0
    const name = label(id)
    if (at < fromMicros || name.startsWith('(idle)')) continue
    count++
    self.set(name, (self.get(name) ?? 0) + 1)
    const seen = new Set<string>()
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const n = label(node)
      if (seen.has(n)) continue
      seen.add(n)
      total.set(n, (total.get(n) ?? 0) + 1)
    }
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([name, hits]) => `  ${((100 * hits) / count).toFixed(1).padStart(5)}%  ${name}`).join('\n')
  console.log(`${count} busy samples\nself time, top 30:\n${top(self, 30)}\n\ntotal time, top 40:\n${top(total, 40)}`)
}

/** `file:line` of a frame, through the file's source map when it has one; paths from the package or the project's folders. */
function sourceLocator(): (url: string, line: number, column: number) => string {
  const maps = new Map<string, SourceMap | null>()
  const short = (file: string) => file.replace(/^.*node_modules\//, '').replace(/^(file:\/\/)?.*?\/(server|core|renderer|pages|dist)\//, '$2/')
  return (url, line, column) => {
    if (!url.startsWith('file://')) return `${url}:${line + 1}`
    let map = maps.get(url)
    if (map === undefined) {
      try {
        map = new SourceMap(JSON.parse(readFileSync(`${fileURLToPath(url)}.map`, 'utf8')))
      } catch {
        map = null
      }
      maps.set(url, map)
    }
    const entry = map?.findEntry(line, column)
    if (entry && 'originalSource' in entry && entry.originalSource) return `${short(entry.originalSource)}:${entry.originalLine + 1}`
    return `${short(url)}:${line + 1}`
  }
}

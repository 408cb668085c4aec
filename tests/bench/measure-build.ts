import { spawn } from 'node:child_process'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { machineBusySeconds, reapedChildrenCpuSeconds, sampleTreeMemory, type TrackedProcess } from './process-stats.ts'
import { folderSize, SITE_URL } from './temp-project.ts'

export interface BuildResult {
  wallMs: number
  /** user + system of the whole process tree. */
  cpuSeconds: number
  /** CPU the rest of the machine used meanwhile (other processes, the hypervisor): contention. */
  otherCpuSeconds: number
  /** Highest summed RSS of the tree (sampled every 50 ms), MiB. */
  peakMiB: number
  peakAtMs: number
  /** `vike build`: from the start until vike's process ends (null when the bundles were reused). */
  vikeBuildMs: number | null
  vikeBuildPeakMiB: number | null
  /** Rendering the pages: from the end of `vike build` to the end of the build. */
  prerenderMs: number | null
  prerenderPeakMiB: number | null
  /** What the build prints: "Pages: N rendered in X s" (after loading the content and renderer). */
  prerenderReported: { pages: number; ms: number } | null
  /** Vite's own "built in …" lines (client, then server bundle). */
  viteBuiltIn: string[]
  /** Summed RSS of the tree, the highest of each second: where in the build memory goes up. */
  memoryTimeline: { second: number; mib: number }[]
  /** The processes with the highest own peak (VmHWM). */
  biggestProcesses: { command: string; peakMiB: number; cpuSeconds: number; aliveMs: number }[]
  distClient: { files: number; bytes: number }
  /** The prerendered /blog page, which embeds the whole published list. */
  blogIndexBytes: number
  log: string[]
}

/** Runs `npm run build` in `dir` as CI would and measures it (time, CPU, memory of the whole tree). */
export async function measureBuild(dir: string, options: { siteUrl?: string } = {}): Promise<BuildResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, CONTENT_DIR: 'content', SITE_URL: options.siteUrl ?? SITE_URL, FORCE_COLOR: '0', NO_COLOR: '1' }
  delete env.NODE_ENV
  const log: { ms: number; line: string }[] = []
  const cpuBefore = reapedChildrenCpuSeconds()
  const machineBefore = machineBusySeconds()
  const selfBefore = process.cpuUsage()
  const started = performance.now()
  const child = spawn('npm', ['run', 'build'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] })
  const sampler = sampleTreeMemory(child.pid!, 50)
  const collect = (chunk: Buffer) => {
    const ms = performance.now() - started
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) log.push({ ms, line: line.trimEnd() })
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', resolve)
  })
  const wallMs = performance.now() - started
  const memory = sampler.stop()
  const cpuSeconds = reapedChildrenCpuSeconds() - cpuBefore
  const self = process.cpuUsage(selfBefore)
  const otherCpuSeconds = Math.max(0, machineBusySeconds() - machineBefore - cpuSeconds - (self.user + self.system) / 1e6)
  if (code !== 0) {
    throw new Error(`npm run build exited with ${code}:\n${log.slice(-40).map((entry) => entry.line).join('\n')}`)
  }

  // `npm run build` is one node process (server/build.ts) that runs vike's CLI as a child
  // while bundling; the pages are rendered after it exits.
  const isVike = (p: TrackedProcess) => /vike\/bin\.js build/.test(p.command)
  const vikeEnds = memory.processes.filter(isVike).map((p) => p.lastSeenMs)
  const phaseSplit = vikeEnds.length > 0 ? Math.max(...vikeEnds) : null
  const peakOf = (from: number, to: number) =>
    Math.max(0, ...memory.samples.filter((s) => s.ms >= from && s.ms < to).map((s) => s.rssMiB))
  const reported = log.map((entry) => /Pages: (\d+) rendered in ([\d.]+) s/.exec(entry.line)).find(Boolean)
  const blogIndex = await stat(path.join(dir, 'dist/client/blog/index.html')).catch(() => null)

  return {
    wallMs,
    cpuSeconds,
    otherCpuSeconds,
    peakMiB: memory.peakMiB,
    peakAtMs: memory.peakAtMs,
    vikeBuildMs: phaseSplit,
    vikeBuildPeakMiB: phaseSplit === null ? null : peakOf(0, phaseSplit),
    prerenderMs: wallMs - (phaseSplit ?? 0),
    prerenderPeakMiB: peakOf(phaseSplit ?? 0, Infinity),
    prerenderReported: reported ? { pages: Number(reported[1]), ms: Number(reported[2]) * 1000 } : null,
    viteBuiltIn: log.filter((entry) => /✓ built in/.test(entry.line)).map((entry) => entry.line.trim()),
    memoryTimeline: perSecond(memory.samples),
    biggestProcesses: biggest(memory.processes),
    distClient: await folderSize(path.join(dir, 'dist/client')),
    blogIndexBytes: blogIndex?.size ?? 0,
    log: log.map((entry) => `[${(entry.ms / 1000).toFixed(2)}s] ${entry.line}`),
  }
}

function perSecond(samples: { ms: number; rssMiB: number }[]): BuildResult['memoryTimeline'] {
  const seconds = new Map<number, number>()
  for (const { ms, rssMiB } of samples) {
    const second = Math.floor(ms / 1000)
    seconds.set(second, Math.max(seconds.get(second) ?? 0, Math.round(rssMiB)))
  }
  return [...seconds].map(([second, mib]) => ({ second, mib }))
}

function biggest(processes: TrackedProcess[]): BuildResult['biggestProcesses'] {
  return [...processes]
    .sort((a, b) => b.peakMiB - a.peakMiB)
    .slice(0, 4)
    .map((p) => ({
      command: shorten(p.command),
      peakMiB: p.peakMiB,
      cpuSeconds: p.cpuSeconds,
      aliveMs: p.lastSeenMs - p.firstSeenMs,
    }))
}

/** `/usr/bin/node /tmp/x/node_modules/vike/bin.js build` → `node vike/bin.js build`. */
function shorten(command: string): string {
  return command
    .split(' ')
    .map((part, i) => (part.includes('/') ? part.split('/').slice(i === 0 ? -1 : -2).join('/') : part))
    .join(' ')
    .slice(0, 90)
}

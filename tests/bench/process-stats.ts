import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

/**
 * What the benchmark reads from Linux's /proc: CPU time and memory of one process, and
 * the memory of a whole process tree sampled over time (a build is npm → sh → node → …,
 * and the peak of any one of them says little). No dependency on /usr/bin/time, so it runs
 * the same in CI.
 */

const CLOCK_TICKS = readConf('CLK_TCK', 100)
const PAGE_SIZE = readConf('PAGESIZE', 4096)
const MIB = 1024 * 1024

function readConf(name: string, fallback: number): number {
  try {
    const value = Number(execFileSync('getconf', [name], { encoding: 'utf8' }).trim())
    return Number.isFinite(value) && value > 0 ? value : fallback
  } catch {
    return fallback
  }
}

interface StatLine {
  pid: number
  ppid: number
  /** Clock ticks since boot when the process started; tells a reused pid apart. */
  startTime: number
  /** user + system, seconds. */
  cpuSeconds: number
  /** Waited-for children's user + system, seconds. */
  childrenCpuSeconds: number
  rssBytes: number
}

function readStat(pid: number | 'self'): StatLine | null {
  let text: string
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return null
  }
  // The command name (field 2) may hold spaces and parentheses: split after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
  const field = (n: number) => Number(fields[n - 3])
  return {
    pid: Number(text.slice(0, text.indexOf(' '))),
    ppid: field(4),
    startTime: field(22),
    cpuSeconds: (field(14) + field(15)) / CLOCK_TICKS,
    childrenCpuSeconds: (field(16) + field(17)) / CLOCK_TICKS,
    rssBytes: field(24) * PAGE_SIZE,
  }
}

/**
 * A process's main thread as the scheduler saw it (`/proc/<pid>/task/<pid>/schedstat`): the
 * time it ran on a CPU, and the time it was ready to run but waited for one. On a shared machine
 * the wait is what the other work cost it; the wall time less the wait is what it would have
 * taken alone, nearly (it still holds waits for thread-pool threads that waited for a CPU too).
 * Null once it is gone, or where the kernel keeps no schedstat.
 */
export function mainThreadSchedule(pid: number): { ranSeconds: number; waitedSeconds: number } | null {
  try {
    const [ran, waited] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').trim().split(' ').map(Number)
    return Number.isFinite(ran) && Number.isFinite(waited) ? { ranSeconds: ran! / 1e9, waitedSeconds: waited! / 1e9 } : null
  } catch {
    return null
  }
}

/** user + system CPU seconds of one process (all its threads), null once it is gone. */
export function cpuSeconds(pid: number): number | null {
  return readStat(pid)?.cpuSeconds ?? null
}

/**
 * user + system CPU seconds of `rootPid` and every live descendant (nginx's master and its
 * workers, say), with the children each of them has waited for.
 */
export function treeCpuSeconds(rootPid: number): number {
  const stats: StatLine[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const stat = readStat(Number(name))
    if (stat) stats.push(stat)
  }
  const members = new Set([rootPid])
  for (let grew = true; grew; ) {
    grew = false
    for (const stat of stats) {
      if (!members.has(stat.pid) && members.has(stat.ppid)) {
        members.add(stat.pid)
        grew = true
      }
    }
  }
  return stats.filter((stat) => members.has(stat.pid)).reduce((sum, stat) => sum + stat.cpuSeconds + stat.childrenCpuSeconds, 0)
}

/**
 * CPU seconds of this process's children that have been waited for, grandchildren
 * included when their parents waited for them (npm and sh do). Read before and after a
 * child process to get the CPU the whole tree used.
 */
export function reapedChildrenCpuSeconds(): number {
  return readStat('self')?.childrenCpuSeconds ?? 0
}

/**
 * CPU seconds the whole machine has been busy (all cores, all processes) since boot.
 * The difference over a run, minus what the benchmark's own processes used, is what
 * other work on the machine took from it.
 */
export function machineBusySeconds(): number {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number)
  // user nice system idle iowait irq softirq steal (guest time is already inside user).
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields
  return (user + nice + system + irq + softirq + steal) / CLOCK_TICKS
}

/** 1-minute load average. */
export function loadAverage(): number {
  return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0])
}

export interface MemoryStatus {
  /** Resident now, MiB. */
  rssMiB: number
  /** Peak resident over the process's life (VmHWM), MiB. */
  peakMiB: number
}

export function memoryStatus(pid: number): MemoryStatus | null {
  let text: string
  try {
    text = readFileSync(`/proc/${pid}/status`, 'utf8')
  } catch {
    return null
  }
  const kib = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0)
  return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ')
  } catch {
    return ''
  }
}

export interface TrackedProcess {
  pid: number
  command: string
  /** ms after sampling started when it was first seen. */
  firstSeenMs: number
  lastSeenMs: number
  /** Highest VmHWM read while it lived (its own peak, between samples too), MiB. */
  peakMiB: number
  /** CPU seconds at the last sample. */
  cpuSeconds: number
}

export interface TreeMemory {
  /** Highest sum of RSS over the tree in one sample, MiB. */
  peakMiB: number
  peakAtMs: number
  samples: { ms: number; rssMiB: number }[]
  processes: TrackedProcess[]
}

/**
 * Samples the RSS of `rootPid` and all its descendants every `intervalMs`, summed per
 * sample. A descendant stays tracked after its parent exits (it is re-parented, but still
 * part of the work). Summing RSS counts shared pages (the node binary, for one) once per
 * process, so this is what the tree costs the machine, a little pessimistic.
 */
export function sampleTreeMemory(rootPid: number, intervalMs = 50): { stop(): TreeMemory } {
  const started = performance.now()
  const tracked = new Map<number, TrackedProcess & { startTime: number }>()
  const samples: TreeMemory['samples'] = []
  let peak = { bytes: 0, ms: 0 }

  const sample = () => {
    const ms = performance.now() - started
    const stats: StatLine[] = []
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue
      const stat = readStat(Number(name))
      if (stat) stats.push(stat)
    }
    const alive = new Set<number>()
    const isTracked = (stat: StatLine) => tracked.get(stat.pid)?.startTime === stat.startTime
    // Parents may be listed after their children: repeat until no new descendant appears.
    for (let grew = true; grew; ) {
      grew = false
      for (const stat of stats) {
        if (alive.has(stat.pid)) continue
        if (isTracked(stat) || stat.pid === rootPid || alive.has(stat.ppid)) {
          alive.add(stat.pid)
          grew = true
          if (!isTracked(stat)) {
            tracked.set(stat.pid, {
              pid: stat.pid,
              startTime: stat.startTime,
              command: commandLine(stat.pid),
              firstSeenMs: ms,
              lastSeenMs: ms,
              peakMiB: 0,
              cpuSeconds: 0,
            })
          }
        }
      }
    }
    let bytes = 0
    for (const stat of stats) {
      if (!alive.has(stat.pid)) continue
      bytes += stat.rssBytes
      const entry = tracked.get(stat.pid)!
      entry.lastSeenMs = ms
      entry.cpuSeconds = stat.cpuSeconds
      entry.peakMiB = Math.max(entry.peakMiB, memoryStatus(stat.pid)?.peakMiB ?? 0, stat.rssBytes / MIB)
    }
    samples.push({ ms, rssMiB: bytes / MIB })
    if (bytes > peak.bytes) peak = { bytes, ms }
  }

  sample()
  const timer = setInterval(sample, intervalMs)
  return {
    stop() {
      clearInterval(timer)
      return {
        peakMiB: peak.bytes / MIB,
        peakAtMs: peak.ms,
        samples,
        processes: [...tracked.values()].map(({ startTime: _, ...process }) => process),
      }
    },
  }
}

/**
 * Timing and reporting for `npm run bench:git` (git-bench.ts and its sections): CPU and wall time,
 * median of several runs, one row per figure, and the summary table.
 */
import fs from 'node:fs'
import { table } from './report.ts'

export interface Timing {
  cpu: number
  wall: number
}

export interface Row {
  module: string
  task: string
  ours: Timing
  theirsName: string
  theirs: Timing | null
}

const rows: Row[] = []

/**
 * CPU time of this process and of the git commands it waited for, in ms: the figure compared,
 * because on a shared machine wall time mostly measures the neighbours (CPU time still grows a
 * little with contention: caches). Wall time is printed beside it.
 */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage()
  // Fields 16 and 17 of /proc/self/stat: CPU of waited-for children, in clock ticks (100 a second).
  const fields = fs.readFileSync('/proc/self/stat', 'latin1').replace(/^.*\) /, '').split(' ')
  return (user + system) / 1000 + (Number(fields[13]) + Number(fields[14])) * 10
}

/** Median CPU and wall time of `count` runs of `work` (each run gets its index), in ms. */
export async function median(count: number, work: (i: number) => Promise<unknown> | unknown): Promise<Timing> {
  const cpu: number[] = []
  const wall: number[] = []
  for (let i = 0; i < count; i++) {
    const startedCpu = cpuMs()
    const started = performance.now()
    await work(i)
    wall.push(performance.now() - started)
    cpu.push(cpuMs() - startedCpu)
  }
  const middle = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!
  return { cpu: middle(cpu), wall: middle(wall) }
}

export function report(row: Row): void {
  rows.push(row)
  const ratio = row.theirs === null ? '' : ` (${(row.theirs.cpu / row.ours.cpu).toFixed(1)}×)`
  const both = (t: Timing) => `${ms(t.cpu)} CPU, ${ms(t.wall)} wall`
  console.log(`  ${row.module}: ${row.task}: ours ${both(row.ours)}; ${row.theirsName} ${row.theirs === null ? 'n/a' : both(row.theirs)}${ratio}`)
}

export const ms = (value: number) => (value < 10 ? `${value.toFixed(2)} ms` : `${value.toFixed(0)} ms`)

/** Every row reported so far, as one table. */
export function summary(): string {
  return table(
    ['module', 'measured', 'ours CPU', 'wall', 'replaces', 'theirs CPU', 'wall', 'ratio (CPU)'],
    rows.map((row) => [
      row.module,
      row.task,
      ms(row.ours.cpu),
      ms(row.ours.wall),
      row.theirsName,
      row.theirs === null ? '-' : ms(row.theirs.cpu),
      row.theirs === null ? '-' : ms(row.theirs.wall),
      row.theirs === null ? '-' : `${(row.theirs.cpu / row.ours.cpu).toFixed(1)}×`,
    ]),
  )
}

/** The bench's repository, made by git-bench.ts, as its sections use it. */
export interface BenchRepo {
  /** Work tree, `main` checked out, history packed. */
  dir: string
  gitdir: string
  /** A bare local clone for the write benches, so that `gitdir` stays packed. */
  scratch: string
  blogDir: string
  slugs: string[]
  /** `main`'s commits, newest first. */
  commits: string[]
  main: string
  /** The side branch 5 commits back. */
  theirs: string
  /** The posts folder's tree in the newest commits. */
  folders: string[]
  /** Index files in `objects/pack`. */
  packs: string[]
  runs: number
  run: (...args: string[]) => string
}

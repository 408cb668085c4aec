import { rm } from 'node:fs/promises'
import path from 'node:path'
import { median } from './cpu-per-request.ts'
import { buildHugo, type HugoBuild } from './hugo-site.ts'
import { type BuildResult, measureBuild } from './measure-build.ts'

export interface BuildTurns {
  /** `npm run build` with no dist/ (a fresh clone, CI): bundling included. */
  full: BuildResult[]
  /**
   * `npm run build` again over the previous build's dist/ with the same sources: the bundles
   * are reused when the build can skip `vike build`; empty when it cannot (then every build
   * is a full one and the first "content" run says so).
   */
  content: BuildResult[]
  /** Whether `npm run build` left bundling out when the sources had not changed. */
  bundlingSkipped: boolean
  hugo: HugoBuild[]
}

/**
 * Our build and Hugo's in turns (ours from scratch, Hugo from scratch, ours again over its
 * own dist/), `runs` rounds, so a neighbour's burst on the machine lands on all alike. The
 * figure is the ratio of the medians. dist/ is left as the last build made it, for the server.
 */
export async function buildInTurns(options: { dir: string; hugoDir: string | null; hugo: string | null; runs: number; log: (message: string) => void }): Promise<BuildTurns> {
  const turns: BuildTurns = { full: [], content: [], bundlingSkipped: false, hugo: [] }
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
  for (let round = 1; round <= options.runs; round++) {
    await rm(path.join(options.dir, 'dist'), { recursive: true, force: true })
    const full = await measureBuild(options.dir)
    // Bundles kept outside dist/ would make this a content build under the wrong name.
    if (full.viteBuiltIn.length === 0) throw new Error('npm run build with no dist/ did not bundle (no "built in" line from vite): the full build is not measured')
    turns.full.push(full)
    options.log(`  run ${round}: npm run build, no dist/ (bundling included): ${seconds(full.wallMs)}, ${full.cpuSeconds.toFixed(2)} s CPU, peak ${Math.round(full.peakMiB)} MiB`)
    if (options.hugo && options.hugoDir) {
      const hugo = await buildHugo(options.hugo, options.hugoDir)
      turns.hugo.push(hugo)
      options.log(`  run ${round}: hugo --quiet: ${seconds(hugo.wallMs)}, ${hugo.cpuSeconds.toFixed(2)} s CPU, peak ${Math.round(hugo.peakMiB)} MiB, ${hugo.output.files} files`)
    }
    if (round === 1 || turns.bundlingSkipped) {
      const content = await measureBuild(options.dir)
      if (round === 1) turns.bundlingSkipped = content.viteBuiltIn.length === 0
      if (turns.bundlingSkipped) {
        turns.content.push(content)
        options.log(`  run ${round}: npm run build over its own dist/ (bundles reused): ${seconds(content.wallMs)}, ${content.cpuSeconds.toFixed(2)} s CPU, peak ${Math.round(content.peakMiB)} MiB`)
      } else {
        options.log(`  npm run build over its own dist/ bundled again (${seconds(content.wallMs)}): no bundling skip, every build is a full one`)
      }
    }
  }
  return turns
}

export interface BuildFigures {
  fullMs: number
  contentMs: number | null
  hugoMs: number | null
  /** Highest peak RSS of our build's process tree over the runs, MiB. */
  peakMiB: number
  hugoPeakMiB: number | null
  fullRatio: number | null
  contentRatio: number | null
}

export function buildFigures(turns: BuildTurns): BuildFigures {
  const fullMs = median(turns.full.map((b) => b.wallMs))
  const contentMs = turns.content.length ? median(turns.content.map((b) => b.wallMs)) : null
  const hugoMs = turns.hugo.length ? median(turns.hugo.map((b) => b.wallMs)) : null
  return {
    fullMs,
    contentMs,
    hugoMs,
    peakMiB: Math.max(...[...turns.full, ...turns.content].map((b) => b.peakMiB)),
    hugoPeakMiB: turns.hugo.length ? Math.max(...turns.hugo.map((b) => b.peakMiB)) : null,
    fullRatio: hugoMs ? fullMs / hugoMs : null,
    contentRatio: hugoMs && contentMs !== null ? contentMs / hugoMs : null,
  }
}

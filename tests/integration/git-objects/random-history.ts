import { readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import type { CommitInfo } from '../../../server/git/history/commit-graph.ts'
import { parseCommit } from '../../../server/git/formats/object-format.ts'
import type { ObjectReader } from '../../../server/git/store/object-reader.ts'
import { runGit } from '../../support/git.ts'
import { MAINTAINER_GIT_ENV } from '../../support/maintainer-git.ts'

/*
 * Random histories written by `git fast-import`: commits, branches from any commit, merges of
 * any two, optionally new roots (unrelated histories), each commit editing a few files.
 * Committer times never decrease from parent to child (what the commit graph's walk relies on,
 * as git's does without generation numbers); `step` says by how much, 0 making ties.
 */
export type Step =
  | { kind: 'commit'; on: number; files: number[]; step: number }
  | { kind: 'branch'; from: number }
  | { kind: 'merge'; into: number; from: number; files: number[]; step: number }
  | { kind: 'root'; files: number[]; step: number }

export interface HistoryOptions {
  roots: boolean
  /** Largest time step between a parent and its child (0: all commits of the same second). */
  maxStep: number
}

export function stepsArb(options: HistoryOptions): fc.Arbitrary<Step[]> {
  const files = fc.array(fc.nat(5), { maxLength: 2 })
  const step = fc.nat(options.maxStep)
  const kinds: fc.Arbitrary<Step>[] = [
    fc.record({ kind: fc.constant('commit' as const), on: fc.nat(), files, step }),
    fc.record({ kind: fc.constant('branch' as const), from: fc.nat() }),
    fc.record({ kind: fc.constant('merge' as const), into: fc.nat(), from: fc.nat(), files, step }),
  ]
  if (options.roots) kinds.push(fc.record({ kind: fc.constant('root' as const), files, step }))
  return fc.array(fc.oneof(...kinds), { minLength: 1, maxLength: 30 })
}

export interface History {
  /** Every commit's id, in creation order (the first is the root). */
  commits: string[]
  /** Each branch's last commit. */
  tips: string[]
}

/**
 * Writes the history: commit 0 is a root holding post.html, every later commit follows the steps.
 * `uniqueTimes` makes every commit's time its own (no two commits of the same second).
 * `content(file, commit)` is the text of file `file` (0 to 5) as commit `commit` writes it; file 0
 * is `post.html`, the others `notes/<n>.txt`.
 */
export function writeHistory(dir: string, steps: readonly Step[], content: (file: number, commit: number) => string, options: { uniqueTimes?: boolean } = {}): History {
  const stream: string[] = []
  const times: number[] = []
  const parentsOf: number[][] = []
  const tips: number[] = []
  const data = (text: string) => `data ${Buffer.byteLength(text, 'utf8')}\n${text}\n`
  const commit = (parents: number[], files: number[], step: number) => {
    const n = times.length
    // Unique times: every commit 10 s after the one created before it (so after its parents too).
    const time = 1_700_000_000 + (options.uniqueTimes ? n * 10 : Math.max(0, ...parents.map((parent) => times[parent]!)) + step)
    times.push(time - 1_700_000_000)
    parentsOf.push(parents)
    stream.push(`commit refs/history/${n}\nmark :${n + 1}\ncommitter C <c@example.com> ${time} +0000\n${data(`commit ${n}`)}`)
    if (parents.length > 0) stream.push(`from :${parents[0]! + 1}\n`)
    for (const parent of parents.slice(1)) stream.push(`merge :${parent + 1}\n`)
    for (const file of new Set(files)) stream.push(`M 100644 inline ${file === 0 ? 'post.html' : `notes/${file}.txt`}\n${data(content(file, n))}`)
    stream.push('\n')
    return n
  }
  tips.push(commit([], [0, 1], 0))
  for (const step of steps) {
    if (step.kind === 'commit') {
      const on = step.on % tips.length
      tips[on] = commit([tips[on]!], step.files, step.step)
    } else if (step.kind === 'branch') {
      tips.push(step.from % times.length)
    } else if (step.kind === 'root') {
      tips.push(commit([], [0, ...step.files], step.step))
    } else {
      const into = step.into % tips.length
      const from = step.from % tips.length
      if (tips[into] === tips[from]) continue
      tips[into] = commit([tips[into]!, tips[from]!], step.files, step.step)
    }
  }
  const marks = path.join(dir, 'history-marks')
  runGit(['fast-import', '--quiet', '--force', `--export-marks=${marks}`], { cwd: dir, input: stream.join(''), env: MAINTAINER_GIT_ENV })
  const byMark = new Map(
    readFileSync(marks, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(' ') as [string, string]),
  )
  rmSync(marks)
  const commits = times.map((_, n) => byMark.get(`:${n + 1}`)!)
  return { commits, tips: tips.map((n) => commits[n]!) }
}

/** A commit as GitStore reads it, through the object reader. */
export function commitReader(reader: ObjectReader): (oid: string) => Promise<CommitInfo> {
  return async (oid) => {
    const object = await reader.read(oid)
    if (object?.type !== 'commit') throw new Error(`No commit ${oid}`)
    const commit = parseCommit(object.content)
    return {
      oid,
      tree: commit.tree,
      parents: commit.parents,
      author: { name: commit.author.name, email: commit.author.email },
      authoredAt: commit.author.timestamp,
      committedAt: commit.committer.timestamp,
      message: commit.message,
    }
  }
}

#!/usr/bin/env node
/**
 * Runs lanes of npm scripts at the same time and fails if any script fails:
 *
 *   node scripts/run-parallel.mjs typecheck,test:integration test:unit,test:api
 *
 * Each argument is a lane; the scripts of a lane, separated by commas, run one after another, and
 * a lane stops at its first failure (as `&&` would), while the other lanes go on. `npm test` builds
 * dist/ once (`test:build`), then runs its suites in three lanes this way: the unit and the API
 * tests; the crash test and the integration tests; the type-check, the export's browser tests and
 * the browser tests. Alone, a suite leaves a core idle much of the time (the API tests wait on
 * servers, the integration tests on the git CLI, the browser tests on pages), and side by side
 * they fill each other's waits (docs/performance.md has the times). Each line of output is prefixed with its
 * script's name; at the end each script's result, time and CPU time are printed again, with the tail of its
 * output when it failed, so a failure is easy to find.
 */
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

const lanes = process.argv.slice(2).map((lane) => lane.split(',').filter(Boolean))
if (lanes.length === 0 || lanes.some((lane) => lane.length === 0)) {
  console.error('usage: node scripts/run-parallel.mjs <npm script>[,<npm script>...]...')
  process.exit(2)
}
const width = Math.max(...lanes.flat().map((name) => name.length))

/**
 * The script runs under bash, whose `times` then writes the CPU its whole process tree took (the
 * kernel adds each waited-for child's time to its parent's) to fd 3: how the lanes are balanced.
 */
const RUN_AND_TIME = 'npm run --silent "$1"; status=$?; times >&3; exit $status'

/** `times`' second line, the children's user and system time ("0m31.200s 0m4.010s"), in seconds. */
function cpuSeconds(report) {
  const line = report.trim().split('\n')[1] ?? ''
  const seconds = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map(([, minutes, rest]) => Number(minutes) * 60 + Number(rest))
  return seconds.length === 2 ? seconds[0] + seconds[1] : undefined
}

/** Runs one script, its output prefixed line by line; resolves with its exit code, time, CPU time and last lines. */
function run(name) {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', RUN_AND_TIME, 'bash', name], {
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    })
    let report = ''
    child.stdio[3].on('data', (chunk) => (report += chunk))
    const tail = []
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        tail.push(line)
        if (tail.length > 30) tail.shift()
        process.stdout.write(`${name.padEnd(width)} | ${line}\n`)
      })
    }
    child.on('close', (code, signal) =>
      resolve({ name, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000, cpu: cpuSeconds(report), tail }),
    )
  })
}

/** The scripts of one lane in order, up to the first that fails; the rest are reported as not run. */
async function runLane(names) {
  const results = []
  for (const name of names) {
    if (results.some((result) => result.code !== 0)) results.push({ name, code: null })
    else results.push(await run(name))
  }
  return results
}

const results = (await Promise.all(lanes.map(runLane))).flat()
for (const { name, code, seconds, cpu, tail } of results) {
  const used = cpu === undefined ? '' : ` (${Math.round(cpu)} s of CPU)`
  if (code === null) console.log(`\n── ${name}: not run (an earlier script of its lane failed)`)
  else console.log(`\n── ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${Math.round(seconds)} s${used}`)
  if (code) console.log(tail.join('\n'))
}
process.exit(results.some((result) => result.code !== 0) ? 1 : 0)

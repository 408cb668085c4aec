#!/usr/bin/env node
/**
 * Runs npm scripts at the same time and fails if any fails: `node scripts/run-parallel.mjs a b`.
 * `npm test` runs the integration and API suites this way. Alone, each leaves a core idle much of
 * the time (the API tests wait on servers, the integration tests on the git CLI); together they
 * take about the time of the longer one (measured: 112 s and 224 s one after the other on this
 * 2-core machine). Each line of output is prefixed with its script's name, and each script's
 * summary is printed again at the end, so a failure is easy to find.
 */
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

const names = process.argv.slice(2)
if (names.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs <npm script>...')
  process.exit(2)
}
const width = Math.max(...names.map((name) => name.length))

const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } })
      const tail = []
      for (const stream of [child.stdout, child.stderr]) {
        createInterface({ input: stream }).on('line', (line) => {
          tail.push(line)
          if (tail.length > 30) tail.shift()
          process.stdout.write(`${name.padEnd(width)} | ${line}\n`)
        })
      }
      child.on('close', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), tail }))
    }),
)

const results = await Promise.all(runs)
for (const { name, code, tail } of results) {
  console.log(`\n── ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`}`)
  if (code !== 0) console.log(tail.join('\n'))
}
process.exit(results.some((result) => result.code !== 0) ? 1 : 0)

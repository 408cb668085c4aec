import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

type SuiteOptions = NonNullable<TestProjectInlineConfiguration['test']>

/**
 * Each suite runs its files one after another in one process that keeps the modules it loaded
 * (`isolate: false`): loading the server's module graph again for every file was a fifth of the API
 * suite's CPU and half of the unit suite's. What a file needs fresh it makes itself (its temp
 * site, its server, its repository), and vitest restores every mock and spy after each file.
 *
 * The exception is a file that replaces a module (`vi.mock`, e.g. node:crypto to count scrypt
 * runs): a module another file loaded before it would keep the real one. Such files are found by
 * what they hold and run in a project of their own, `<suite>-mocks`, each in a fresh process;
 * the npm scripts name a suite as `<suite>*` so that both run. A file `apart` is a project of its
 * own too (`api-crash`: the `kill -9` rounds, which `npm test` runs in another lane than the other API files).
 */
function suite(name: string, options: SuiteOptions, apart: Record<string, string> = {}): TestProjectInlineConfiguration[] {
  const folder = `tests/${name}`
  const own = Object.values(apart)
  const mocking = readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.posix.join(folder, file.split(path.sep).join('/')))
    .filter((file) => !own.includes(file) && /\bvi\.(do)?[mM]ock\(/.test(readFileSync(file, 'utf8')))
  const include = [`${folder}/**/*.test.ts`]
  const projects: TestProjectInlineConfiguration[] = [
    { test: { ...options, name, include, exclude: [...configDefaults.exclude, ...mocking, ...own], isolate: false } },
  ]
  for (const [part, file] of Object.entries(apart)) projects.push({ test: { ...options, name: `${name}-${part}`, include: [file], isolate: true } })
  if (mocking.length > 0) projects.push({ test: { ...options, name: `${name}-mocks`, include: mocking, isolate: true } })
  return projects
}

/**
 * Two files of a suite at once, whatever the cores (vitest's default is one fewer than the cores:
 * one on this 2-core machine). A file mostly waits (on its server, the git CLI, a child process):
 * a whole `npm test` took 845 s of CPU in 600 to 700 s on 2 cores with one file at a time, its
 * cores idle a third of the time (`scripts/run-parallel.mjs` prints each suite's CPU time).
 */
const FILES_AT_ONCE = 2

/**
 * Test timeouts are guards against a test that hangs, never deadlines the code is held to: far
 * beyond what a test takes on an idle machine, so a machine loaded many times over (the suite
 * run twice at once, a CPU hog beside it) makes a test slower and never makes it fail. Speed
 * targets live in tests/bench/. tests/support/wait-for.ts's HANG_GUARD_MS is the same kind.
 */
export default defineConfig({
  test: {
    projects: [
      ...suite('unit', { environment: 'node', testTimeout: 60_000 }),
      // Real files and git repositories in temp folders, no server and no build.
      ...suite('integration', { environment: 'node', testTimeout: 300_000, hookTimeout: 300_000, maxWorkers: FILES_AT_ONCE }),
      ...suite('api', {
        environment: 'node',
        globalSetup: ['tests/support/ensure-build.ts'],
        testTimeout: 300_000,
        hookTimeout: 300_000,
        // One server per file, each on a free port over its own temp site.
        maxWorkers: FILES_AT_ONCE,
      }, { crash: 'tests/api/admin-crash.test.ts' }),
    ],
  },
})

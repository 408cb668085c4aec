/**
 * `npm run import`, run as npm runs it: the compiled importer on a real git repository in a temp
 * folder, checked by its exit code, what it prints and the folder it leaves. What an import
 * writes is tested in tests/integration/import-service.test.ts, through runImport itself.
 */
import { rmSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { fixturePostFiles } from '../support/fixtures.ts'
import { snapshotFolder } from '../support/folder-snapshot.ts'
import { tempGitRepo, type TempGitRepo } from '../support/git.ts'
import { runCompiled } from '../support/run-compiled.ts'

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/import')
const THEME_DATA = path.join(FIXTURES, 'themeunittestdata.wordpress.xml')

let repo: TempGitRepo
let dataDir: string | undefined
afterEach(() => {
  repo?.remove()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe('npm run import', () => {
  it('answers a usage error with 2 and the usage, an invalid source with 1, writing nothing', async () => {
    const existing = fixturePostFiles()[0]!
    repo = tempGitRepo({ files: { 'content/blog/post-format-aside.html': existing.text.replace(/^slug: .*$/m, 'slug: post-format-aside') }, commit: 'init' })
    dataDir = `${repo.dir}-data`
    const env = { CONTENT_DIR: path.join(repo.dir, 'content'), DATA_DIR: dataDir }
    const cli = (args: string[]) => runCompiled('import-cli', args, { env })
    const before = await snapshotFolder(repo.dir)

    const usage = await cli(['--dry-run'])
    expect(usage.code).toBe(2)
    expect(usage.stderr).toContain('Name the source to import')
    expect(usage.stderr).toContain('Usage: npm run import -- <source>')
    expect((await cli([THEME_DATA, '--uploads'])).code).toBe(2)
    expect((await cli([THEME_DATA, '--overwrite'])).stderr).toContain('Unknown option --overwrite')
    const invalid = await cli([path.join(FIXTURES, 'external-entity.xml'), '--dir', repo.dir])
    expect(invalid.code).toBe(1)
    expect(invalid.stderr).toContain('Nothing imported: The file declares a DOCTYPE')
    const dry = await cli([THEME_DATA, '--dry-run', '--dir', repo.dir])
    expect(dry.code).toBe(0)
    expect(dry.stdout).toContain('Total: 57 posts (53 published, 1 scheduled, 3 drafts)')
    expect(await snapshotFolder(repo.dir)).toEqual(before)
  })
})

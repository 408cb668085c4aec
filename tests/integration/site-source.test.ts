/**
 * The site's copy as the server holds it (server/content/site-source.ts) over a real repository:
 * a broken file serves its newest committed version that matches its schema (older broken ones
 * skipped), a file never valid serves the built-in copy, a link is refused, and the listeners
 * hear only of files whose values in force changed.
 */
import { readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { SITE_DEFAULTS } from '../../server/content/site-defaults/index.ts'
import { siteFileOf, SiteSource } from '../../server/content/site-source.ts'
import { ContentRepository } from '../../server/git/content-repository.ts'
import { committedVersions } from '../../server/services/site-copy/site-history.ts'
import { writeSiteFiles } from '../support/fixtures.ts'
import { commitAsMaintainer, git, type TempGitRepo, tempGitRepo } from '../support/git.ts'
import { recordingLogger } from '../support/recording-logger.ts'

let repo: TempGitRepo | undefined
let repository: ContentRepository | undefined

afterEach(async () => {
  await repository?.close()
  repository = undefined
  repo?.remove()
})

const contentDir = () => `${repo!.dir}/content`
const commit = (message: string) => {
  commitAsMaintainer(repo!.dir, message)
  return git(repo!.dir, 'rev-parse', 'HEAD')
}
const editFile = async (name: 'pricing' | 'legal', from: string, to: string) => {
  const file = siteFileOf(contentDir(), name)
  await writeFile(file, (await readFile(file, 'utf8')).replace(from, to))
}

async function openSource() {
  repository = await ContentRepository.open({ dir: repo!.dir, logger: recordingLogger() })
  const logger = recordingLogger()
  const source = new SiteSource({ contentDir: contentDir(), shownAs: (file) => file.slice(repo!.dir.length + 1), logger, olderVersions: committedVersions(repository) })
  const heard: string[][] = []
  source.onChange(async (names) => void heard.push(names))
  await source.load()
  return { source, heard, logger }
}

describe('the site copy over a repository', () => {
  it('serves a broken file’s newest valid version from history, skipping older broken ones', async () => {
    repo = tempGitRepo()
    await writeSiteFiles(contentDir())
    commit('The site copy')
    await editFile('pricing', 'title: Pricing Plans', 'title: Plans')
    const valid = commit('A valid title')
    await editFile('pricing', 'title: Plans', "title: ''")
    commit('An empty title')
    await editFile('pricing', "title: ''", 'title: [not, text]')
    commit('A list for a title')
    const { source, logger } = await openSource()
    expect(source.content().pricing.title).toBe('Plans')
    expect(source.state('pricing')).toMatchObject({ served: { from: 'history', commit: valid }, issues: [{ path: 'title', reason: expect.any(String) }] })
    expect(source.problems()).toEqual([{ path: 'content/site/pricing.yaml', reason: expect.stringMatching(new RegExp(`^title \\(line \\d+\\): .+; the page shows its last valid version \\(commit ${valid.slice(0, 7)}\\)$`)) }])
    expect(logger.lines).toContainEqual(expect.stringMatching(/^warn: content\/site\/pricing\.yaml cannot be served: title/))
    expect(source.content().legal).toEqual(SITE_DEFAULTS.legal)
  })

  it('serves the built-in copy for a file never valid, and for one made a link; a missing file is no problem', async () => {
    repo = tempGitRepo()
    await writeSiteFiles(contentDir())
    await editFile('legal', 'title: Legal', 'title: 5')
    await rm(siteFileOf(contentDir(), 'not-found'))
    commit('The site copy, legal broken from the start')
    await rm(siteFileOf(contentDir(), 'pricing'))
    await symlink('/etc/passwd', siteFileOf(contentDir(), 'pricing'))
    const { source } = await openSource()
    expect(source.state('legal').served).toEqual({ from: 'default' })
    expect(source.content().legal).toEqual(SITE_DEFAULTS.legal)
    expect(source.state('pricing').issues).toEqual([{ path: '', line: null, reason: 'a symbolic link or other special file is not allowed here' }])
    expect(source.content().pricing.title).toBe('Pricing Plans')
    expect(source.state('not-found')).toEqual({ name: 'not-found', version: null, served: { from: 'default' }, issues: [] })
    expect(source.problems().map((problem) => problem.path)).toEqual(['content/site/pricing.yaml', 'content/site/legal.yaml'])
  })

  it('tells its listeners only of files whose values in force changed', async () => {
    repo = tempGitRepo()
    await writeSiteFiles(contentDir())
    commit('The site copy')
    const { source, heard } = await openSource()
    expect(heard).toEqual([])
    // A comment changes the file, not its values: no page is stale.
    await writeFile(siteFileOf(contentDir(), 'legal'), `# A note.\n${await readFile(siteFileOf(contentDir(), 'legal'), 'utf8')}`)
    expect(await source.reload(['legal'])).toEqual([])
    await editFile('pricing', 'title: Pricing Plans', 'title: Prices')
    expect(await source.reload(null)).toEqual(['pricing'])
    expect(heard).toEqual([['pricing']])
    expect(source.stampFor('/pricing')).not.toBe(source.stampFor('/legal'))
    expect(source.stampFor('/blog/any-post')).toBe(source.stamp('shared'))
  })
})

/**
 * The site copy's history, restore and review branches on the services themselves, over a real
 * repository in a temp folder (no HTTP: tests/api/site-history.test.ts and site-review.test.ts
 * keep what an admin sees): SiteHistory reads a file's commits and versions, SiteCopy restores
 * one as a commit (refusing a stale version and a version today's schema refuses), and in review
 * mode SiteReviews takes each page's saves on `cms/site.<name>`, the live branch untouched.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { siteFileOf, SiteSource } from '../../server/content/site-source.ts'
import { ContentRepository } from '../../server/git/content-repository.ts'
import { ConflictError } from '../../server/lib/errors.ts'
import { SiteCopy } from '../../server/services/site-copy/site-copy.ts'
import { committedVersions, fieldChanges, SiteHistory } from '../../server/services/site-copy/site-history.ts'
import { SiteReviews } from '../../server/services/site-copy/site-reviews.ts'
import { writeSiteFiles } from '../support/fixtures.ts'
import { commitAsMaintainer, git, type TempGitRepo, tempGitRepo } from '../support/git.ts'
import { recordingLogger } from '../support/recording-logger.ts'
import { ADA } from './git-fixture.ts'

let repo: TempGitRepo | undefined
let repository: ContentRepository | undefined

afterEach(async () => {
  await repository?.close()
  repository = undefined
  repo?.remove()
})

const contentDir = () => `${repo!.dir}/content`
const head = () => git(repo!.dir, 'rev-parse', 'HEAD')
const commit = (message: string) => {
  commitAsMaintainer(repo!.dir, message)
  return head()
}
const editPricing = async (from: string, to: string) => {
  const file = siteFileOf(contentDir(), 'pricing')
  await writeFile(file, (await readFile(file, 'utf8')).replace(from, to))
}

/** A repository whose pricing.yaml had an invalid version, then two valid ones; the services over it. */
async function setUp(options: { review?: boolean } = {}) {
  repo = tempGitRepo()
  await writeSiteFiles(contentDir())
  await editPricing('title: Pricing Plans', 'title: 5')
  const invalid = commit('The site copy, a number for a title')
  await editPricing('title: 5', 'title: Pricing Plans')
  const first = commit('A title')
  await editPricing('title: Pricing Plans', 'title: Plans')
  const second = commit('A shorter title')
  repository = await ContentRepository.open({ dir: repo.dir, logger: recordingLogger() })
  const source = new SiteSource({ contentDir: contentDir(), shownAs: (file) => file.slice(repo!.dir.length + 1), logger: recordingLogger(), olderVersions: committedVersions(repository) })
  await source.load()
  const history = new SiteHistory({ repository, contentDir: contentDir(), source })
  const review = options.review ? new SiteReviews({ branches: repository.sideBranches(), repository, contentDir: contentDir() }) : undefined
  const copy = new SiteCopy({ source, contentDir: contentDir(), repository, history, review })
  return { source, history, copy, review, commits: { invalid, first, second } }
}

describe('SiteHistory and a restore', () => {
  it('lists the file’s commits, gives a version with its changed fields, and restores it as one commit', async () => {
    const { history, copy, source, commits } = await setUp()
    expect((await history.list('pricing')).map((entry) => [entry.id, entry.message])).toEqual([
      [commits.second, 'A shorter title'],
      [commits.first, 'A title'],
      [commits.invalid, 'The site copy, a number for a title'],
    ])
    const version = await history.version('pricing', commits.first)
    expect(version.values?.title).toBe('Pricing Plans')
    expect(version.changes).toEqual([{ path: 'title', label: 'Title', before: 'Pricing Plans', after: 'Plans' }])
    const restored = await copy.restore('pricing', { commit: commits.first, version: copy.get('pricing').version }, ADA)
    expect(restored.values.title).toBe('Pricing Plans')
    expect(source.content().pricing.title).toBe('Pricing Plans')
    expect(git(repo!.dir, 'log', '-1', '--format=%an|%s')).toBe(`${ADA.name}|site: pricing — restored from ${commits.first.slice(0, 7)}`)
    // The file is that version's, byte for byte.
    expect(git(repo!.dir, 'rev-parse', 'HEAD:content/site/pricing.yaml')).toBe(git(repo!.dir, 'rev-parse', `${commits.first}:content/site/pricing.yaml`))
  })

  it('refuses a stale restore, and a version today’s schema refuses, naming its field; nothing is committed', async () => {
    const { history, copy, commits } = await setUp()
    const before = head()
    const stale = git(repo!.dir, 'rev-parse', `${commits.first}:content/site/pricing.yaml`)
    await expect(copy.restore('pricing', { commit: commits.first, version: stale }, ADA)).rejects.toMatchObject({ code: 'conflict', message: 'This page’s copy changed since you opened it (Title): load it again', currentVersion: copy.get('pricing').version })
    await expect(copy.restore('pricing', { commit: commits.invalid, version: copy.get('pricing').version }, ADA)).rejects.toThrow(/^The version of [0-9a-f]{7} does not match what pricing\.yaml must hold today \(title: .+\): it cannot be restored/)
    expect((await history.version('pricing', commits.invalid)).problems).toEqual([{ path: 'title', line: expect.any(Number), reason: expect.any(String) }])
    await expect(history.version('pricing', '0'.repeat(40))).rejects.toThrow(/is not in the history of pricing\.yaml/)
    expect(head()).toBe(before)
  })

  it('says a changed value old → new: a price with its currency, a list by its length', () => {
    expect(fieldChanges({ plans: [{ name: 'Premium', price: { amount: 2.49, currency: 'USD' } }], faq: [1, 2] }, { plans: [{ name: 'Premium', price: { amount: 1.99, currency: 'USD' } }], faq: [1] })).toEqual([
      { path: 'plans.0.price', label: 'Premium price', before: '2.49 USD', after: '1.99 USD' },
      { path: 'faq', label: 'FAQ', before: '2 items', after: '1 item' },
    ])
  })
})

describe('SiteReviews', () => {
  it('puts each page’s saves on cms/site.<name>, the live branch untouched; the admin reads the edit awaiting review', async () => {
    const { copy, review, source } = await setUp({ review: true })
    const live = head()
    const values = structuredClone(copy.get('pricing').values)
    values.title = 'Plans, proposed'
    const saved = await copy.save('pricing', { values, version: copy.get('pricing').version }, ADA)
    expect(saved.review).toEqual({ state: 'in-review', branch: 'cms/site.pricing' })
    expect(saved.values.title).toBe('Plans, proposed')
    expect(head()).toBe(live)
    expect(source.content().pricing.title).toBe('Plans')
    expect(git(repo!.dir, 'log', '-1', '--format=%an|%s|%P', 'cms/site.pricing')).toBe(`${ADA.name}|site: pricing — Title|${live}`)
    expect(await review!.get('pricing')).toMatchObject({ branch: 'cms/site.pricing', version: saved.version })
    expect(await review!.get('legal')).toBeNull()
    expect((await copy.current('legal')).review).toBeUndefined()
    // The next save starts from the branch's version; the live one is stale now.
    const next = structuredClone(saved.values)
    next.intro = 'Another intro.'
    await expect(copy.save('pricing', { values: next, version: copy.get('pricing').version }, ADA)).rejects.toThrow(ConflictError)
    const again = await copy.save('pricing', { values: next, version: saved.version }, ADA)
    expect(again.values.intro).toBe('Another intro.')
    expect(git(repo!.dir, 'rev-list', '--count', `${live}..cms/site.pricing`)).toBe('2')
    expect(head()).toBe(live)
  })
})

import { afterAll, beforeAll } from 'vitest'
import { ObjectReader } from '../../../server/git/store/object-reader.ts'
import { tempGitRepo } from '../../support/git.ts'

/**
 * One temp repository for a whole test file, with an ObjectReader over it: made before the first
 * test, removed after the last. Its fields are set once `beforeAll` has run, so read them in tests.
 */
export function sharedRepository(): { readonly repo: ReturnType<typeof tempGitRepo>; readonly reader: ObjectReader } {
  const shared = {} as { repo: ReturnType<typeof tempGitRepo>; reader: ObjectReader }
  beforeAll(() => {
    shared.repo = tempGitRepo()
    shared.reader = new ObjectReader(shared.repo.gitdir)
  })
  afterAll(async () => {
    await shared.reader.close()
    shared.repo.remove()
  })
  return shared
}

import { PostFiles } from '../../server/content/post-files.ts'
import { PostPaths } from '../../server/content/post-paths.ts'
import { ContentRepository } from '../../server/git/content-repository.ts'
import type { Logger } from '../../server/lib/logger.ts'
import { AdminPosts } from '../../server/services/admin-posts.ts'
import { BlogContent } from '../../server/services/blog-content.ts'
import { PostHistory } from '../../server/services/post-history.ts'
import { createTempRepo, post, recordingLogger, type TempRepo } from './git-fixture.ts'

/** The day the services take as today. */
export const TODAY = '2026-11-26'

/** The admin's services over a real repository, as role-services.ts wires them, without HTTP. */
export interface AdminServices {
  repo: TempRepo
  repository: ContentRepository
  content: BlogContent
  paths: PostPaths
  history: PostHistory
  posts: AdminPosts
  logger: Logger
}

/**
 * A repository with one post (`first`), read, with AdminPosts and PostHistory built over it,
 * each dependency passed in. Each thing made is handed to `cleanups` to undo. `files`: the
 * post files' reader (a test's own, to see what is read), by default a PostFiles.
 */
export async function createAdminServices(
  cleanups: (() => Promise<void> | void)[],
  options: { files?: (blogDir: string) => PostFiles } = {},
): Promise<AdminServices> {
  const repo = createTempRepo({ posts: { 'first.html': post('first', 'The first post') } })
  cleanups.push(() => repo.remove())
  const logger = recordingLogger()
  const repository = await ContentRepository.open({ dir: repo.blogDir, logger })
  cleanups.push(() => repository.close())
  const files = options.files?.(repo.blogDir) ?? new PostFiles({ blogDir: repo.blogDir })
  const content = new BlogContent({ files, logger, folder: 'content/blog', today: TODAY })
  await content.load()
  const paths = new PostPaths({ root: repository.root, blogDir: repo.blogDir })
  const history = new PostHistory({ content, repository, paths })
  const posts = new AdminPosts({ content, repository, paths, history, today: () => TODAY })
  return { repo, repository, content, paths, history, posts, logger }
}

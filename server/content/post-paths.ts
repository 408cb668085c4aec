import path from 'node:path'
import { SLUG_PATTERN } from '../../core/post-fields.ts'

/**
 * Where posts live, said once: `content/blog/<slug>.html`. Pure (no I/O). Services name a
 * post's file through this, never by joining `.html` themselves, so that moving the posts (or
 * adding another kind of content beside them) is a change in this module alone.
 */

const EXTENSION = '.html'

/** The posts folder of a content folder. */
export function blogDirOf(contentDir: string): string {
  return path.join(contentDir, 'blog')
}

/** `<slug>.html`. */
export function postFileName(slug: string): string {
  return `${slug}${EXTENSION}`
}

/** The slug a file name stands for (`.html` removed), or null when it is no `.html` file. */
export function slugOfFileName(name: string): string | null {
  return name.endsWith(EXTENSION) ? name.slice(0, -EXTENSION.length) : null
}

/** The slug of a post file's path (`path.basename` less `.html`). */
export function slugOfFile(file: string): string {
  return path.basename(file, EXTENSION)
}

/** `<slug>.html` with a valid slug; anything else in the folder is not a post. */
export function isPostFileName(name: string): boolean {
  const slug = slugOfFileName(name)
  return slug !== null && SLUG_PATTERN.test(slug)
}

/**
 * A file someone meant as a post: any `.html` file that is not hidden (an editor's or the atomic
 * writer's temp file). One whose name is not a slug is reported rather than passed over in silence.
 */
export function isMeantAsPost(name: string): boolean {
  return name.endsWith(EXTENSION) && !name.startsWith('.')
}

/** A path as git and the admin API name it: relative to the repository's root, with `/` on every OS. */
export function repositoryPath(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join('/')
}

/**
 * The posts folder of one repository. The git layer names files by absolute path; the admin API
 * and commit messages by repository path: this turns one into the other.
 */
export class PostPaths {
  /** The repository's work tree. */
  readonly root: string
  /** Its posts folder (absolute). */
  readonly blogDir: string

  constructor(folders: { root: string; blogDir: string }) {
    this.root = folders.root
    this.blogDir = folders.blogDir
  }

  /** The absolute path of a post's file. */
  fileOf(slug: string): string {
    return path.join(this.blogDir, postFileName(slug))
  }

  /** The repository path of a post's file, e.g. `content/blog/welcome.html`. */
  repositoryPathOf(slug: string): string {
    return this.relative(this.fileOf(slug))
  }

  /** An absolute path as a repository path. */
  relative(file: string): string {
    return repositoryPath(this.root, file)
  }

  /** A repository path (or an absolute one) as an absolute path. */
  absolute(file: string): string {
    return path.resolve(this.root, file)
  }

  /** The file's name when it is directly in the posts folder (a post or not), else null. */
  nameInBlog(file: string): string | null {
    return path.dirname(file) === this.blogDir ? path.basename(file) : null
  }
}

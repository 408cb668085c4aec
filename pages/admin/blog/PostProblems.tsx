import { useQuery } from '@tanstack/react-query'
import { adminQueries } from '../api/admin-queries.ts'

/**
 * The post files the site cannot read: a post written by hand through a pull request
 * whose front matter or content the site refuses is otherwise only a line in the server log.
 * Each with its path in the repository and why; gone once the file is fixed.
 */
export function PostProblems() {
  // A failure to fetch this list must not hide the posts: it simply shows nothing.
  const problems = useQuery(adminQueries.postProblems())
  const list = problems.data ?? []
  if (list.length === 0) return null
  return (
    <section className="admin-alert admin-problems" aria-labelledby="admin-problems-title">
      <h3 id="admin-problems-title">
        {list.length} {list.length === 1 ? 'file' : 'files'} could not be read
      </h3>
      <p>The site leaves them out until they are fixed in the repository.</p>
      <ul className="admin-problems__list">
        {list.map((problem) => (
          <li key={problem.path}>
            <code>{problem.path}</code>: {problem.reason}
          </li>
        ))}
      </ul>
    </section>
  )
}

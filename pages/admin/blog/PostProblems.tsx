import { useQuery } from '@tanstack/react-query'
import type { PostProblem } from '../../../core/contract/index.ts'
import { adminQueries } from '../api/admin-queries.ts'

/**
 * The post files the site cannot read: a post written by hand through a pull request
 * whose front matter the site refuses is otherwise only a line in the server log.
 * Each with its path in the repository and why; gone once the file is fixed. Beside them, as
 * warnings, the post files the site shows cleaned of HTML a post may not hold, and other files
 * the site uses as they are but that want fixing (a redirect chain too long to leave as it is).
 */
export function PostProblems() {
  // A failure to fetch this list must not hide the posts: it simply shows nothing.
  const problems = useQuery(adminQueries.postProblems())
  const list = problems.data ?? []
  const unread = list.filter((problem) => problem.severity !== 'warning')
  const warnings = list.filter((problem) => problem.severity === 'warning')
  const cleaned = warnings.filter((problem) => problem.path.endsWith('.html'))
  const untidy = warnings.filter((problem) => !problem.path.endsWith('.html'))
  return (
    <>
      {unread.length > 0 && (
        <ProblemList id="admin-problems-title" title={`${unread.length} ${unread.length === 1 ? 'file' : 'files'} could not be read`} list={unread}>
          The site leaves them out until they are fixed in the repository.
        </ProblemList>
      )}
      {cleaned.length > 0 && (
        <ProblemList id="admin-warnings-title" title={`${cleaned.length} ${cleaned.length === 1 ? 'file is' : 'files are'} shown cleaned`} list={cleaned}>
          The site shows them without HTML a post may not hold; the next save writes the cleaned form.
        </ProblemList>
      )}
      {untidy.length > 0 && (
        <ProblemList id="admin-untidy-title" title={`${untidy.length} ${untidy.length === 1 ? 'file wants' : 'files want'} fixing`} list={untidy}>
          The site uses them as they are; fix them in the repository to clear this.
        </ProblemList>
      )}
    </>
  )
}

function ProblemList({ id, title, list, children }: { id: string; title: string; list: PostProblem[]; children: string }) {
  return (
    <section className="admin-alert admin-problems" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <p>{children}</p>
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

import { useQuery } from '@tanstack/react-query'
import type { MouseEvent } from 'react'
import type { SiteFileSummary } from '../../../core/contract/index.ts'
import { adminQueries } from '../api/admin-queries.ts'

/**
 * The files of the site's copy (GET /api/admin/site/pages), each a link to its form, with its
 * state: a file its schema refuses lists each field and why, and what its page shows instead.
 */
export function SiteFileList(props: { current: string | null; onOpen: (event: MouseEvent) => void }) {
  const files = useQuery(adminQueries.sitePages())
  return (
    <nav className="admin-card site-files" aria-labelledby="site-files-title">
      <h2 id="site-files-title">Pages</h2>
      {files.isPending && <p className="admin-status">Loading...</p>}
      {files.isError && <p role="alert">The files could not be loaded ({files.error.message}).</p>}
      {files.data && (
        <ul className="site-files__list">
          {files.data.map((file) => (
            <li key={file.name} className={file.name === props.current ? 'site-files__file is-current' : 'site-files__file'}>
              <a href={`/admin/site/${file.name}`} aria-current={file.name === props.current ? 'page' : undefined} aria-describedby={`site-file-${file.name}-state`} onClick={props.onOpen}>
                {file.title}
              </a>
              <FileState file={file} />
            </li>
          ))}
        </ul>
      )}
    </nav>
  )
}

function FileState(props: { file: SiteFileSummary }) {
  const { file } = props
  const id = `site-file-${file.name}-state`
  if (file.problems.length === 0) {
    return (
      <span id={id} className="admin-hint">
        {file.review ? `In review (${file.review.branch})` : file.served === 'default' ? 'Built-in copy (no file yet)' : 'OK'}
      </span>
    )
  }
  const shows = file.served === 'history' ? `its last valid version (${file.servedCommit?.slice(0, 7)})` : 'the built-in copy'
  return (
    <div id={id} className="site-files__problems">
      <span className="admin-badge admin-badge--conflict">Problems</span> The page shows {shows}:
      <ul>
        {file.problems.map((problem) => (
          <li key={`${problem.path}:${problem.reason}`}>
            <code>{problem.path || 'the file'}</code>
            {problem.line !== null && ` (line ${problem.line})`}: {problem.reason}
          </li>
        ))}
      </ul>
    </div>
  )
}

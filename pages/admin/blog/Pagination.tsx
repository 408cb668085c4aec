/** Previous and next page of the admin list, with where the admin is ("Page 2 of 500"). */
export function Pagination(props: { page: number; pages: number; onPage: (page: number) => void }) {
  const { page, pages, onPage } = props
  return (
    <nav className="admin-pagination" aria-label="Pages of posts">
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span aria-current="page">
        Page {page} of {pages}
      </span>
      <button type="button" className="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  )
}

export function Pagination(props: { page: number; totalPages: number; onChange: (page: number) => void }) {
  const { page, totalPages, onChange } = props
  return (
    <nav className="pagination" aria-label="Blog pages">
      <button type="button" className="button" onClick={() => onChange(page - 1)} disabled={page <= 1}>
        <span aria-hidden="true">←</span> Previous
      </button>
      <span className="pagination__status" aria-live="polite">
        Page {page} of {totalPages}
      </span>
      <button type="button" className="button" onClick={() => onChange(page + 1)} disabled={page >= totalPages}>
        Next <span aria-hidden="true">→</span>
      </button>
    </nav>
  )
}

import { tagUrl } from '../../../../core/tags.ts'

/**
 * A tag's pages as links (/blog's Pagination is buttons over a list in the browser): each page is
 * a URL of its own, so paging works without JavaScript and on the static export. At the ends the
 * link is left out, its place kept.
 */
export function TagPagination({ slug, page, totalPages }: { slug: string; page: number; totalPages: number }) {
  return (
    <nav className="pagination" aria-label="Tag pages">
      {page > 1 ? (
        <a className="button" href={tagUrl(slug, page - 1)} rel="prev">
          <span aria-hidden="true">←</span> Previous
        </a>
      ) : (
        <span className="pagination__gap" />
      )}
      <span className="pagination__status">
        Page {page} of {totalPages}
      </span>
      {page < totalPages ? (
        <a className="button" href={tagUrl(slug, page + 1)} rel="next">
          Next <span aria-hidden="true">→</span>
        </a>
      ) : (
        <span className="pagination__gap" />
      )}
    </nav>
  )
}

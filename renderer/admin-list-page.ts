/**
 * Cards on a page of the admin list, when a request names no page size: what the
 * server sends for a bare `GET /api/admin/blog/posts`, and what the admin UI shows per page.
 */
export const ADMIN_LIST_PER_PAGE = 20

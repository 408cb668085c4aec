/**
 * The mark of the page that holds the blog's search box (pages/blog/BlogSearch.tsx renders its
 * form so): that page's Content-Security-Policy lets it run Pagefind's WebAssembly
 * (server/http/security-headers.ts, pageRunsSearch), as a page with a video embed may frame its
 * player. A post's text cannot forge it: `<` is escaped in text, and posts hold no form.
 */
export const SEARCH_FORM_MARK = '<form data-site-search="" role="search"'

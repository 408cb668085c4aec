/**
 * Limits both sides keep: the server refuses past them, the admin's fields stop at them. Said
 * here once; the request schemas (`*-requests.ts`) and server/content/post-rules.ts check with
 * these numbers.
 */
export const MAX_SLUG_LENGTH = 100
export const MAX_TITLE_LENGTH = 200
export const MAX_SUMMARY_LENGTH = 500
/**
 * The most characters a post's content may have: a long article is 100 KB, and base64 images
 * (SPEC §5 allows them) a few hundred KB more. Every render and feed parses the whole content.
 */
export const MAX_CONTENT_LENGTH = 2_000_000
/** An image's alt text (an upload's, a featured image's): a sentence or two; a longer one is a mistake. */
export const MAX_ALT_LENGTH = 500
/**
 * A link's or an image's address (a post's featured image, a link in the site's copy): 2,000
 * characters, what browsers and search engines have long handled; a longer one is no address
 * anyone types or pastes, and it would be copied into every page and feed that shows it.
 */
export const MAX_URL_LENGTH = 2000

/**
 * A bookmark card's title and description, as the server writes them from the linked page
 * (server/link-details/): a page's `og:description` can be a whole paragraph, a card shows a line
 * or two. Longer text is cut at a word, with an ellipsis.
 */
export const MAX_BOOKMARK_TITLE_LENGTH = MAX_TITLE_LENGTH
export const MAX_BOOKMARK_DESCRIPTION_LENGTH = 300

/** A redirect's path (`from`, `to`): far past any real one. */
export const MAX_REDIRECT_PATH_LENGTH = 500

/**
 * Cards on a page of the admin list when a request names no page size: what the server sends for
 * a bare `GET /api/admin/blog/posts`, and what the admin UI shows per page (a screen or two of
 * cards, a few KB over the wire whatever the number of posts).
 */
export const ADMIN_LIST_PER_PAGE = 20

/**
 * Images on a page of the media library, for a bare `GET /api/admin/media` and in the admin's
 * grid alike: three rows of four, a few KB of JSON and twelve 320 px thumbnails.
 */
export const MEDIA_PER_PAGE = 12

/** The most a page of either list may hold (`perPage`). */
export const MAX_PER_PAGE = 100

/** The highest page either list takes: far past any real list (10,000 posts are 500 pages of 20); keeps the number an exact integer. */
export const MAX_PAGE = 1_000_000

/** A list's search (`q`) longer than this is refused: no title is that long, and matching it costs. */
export const MAX_SEARCH_LENGTH = 200

/** The largest upload by default (MEDIA_MAX_BYTES): 10 MB, counted as byte-size.ts counts. */
export const DEFAULT_MEDIA_MAX_BYTES = 10 * 1024 * 1024
/**
 * The largest video upload by default (MEDIA_MAX_VIDEO_BYTES): 40 MB. Each file is committed to
 * the content repository whole and stays in its history for ever, and git hosts warn from 50 MB
 * a file (GitHub refuses 100 MB): a short clip, not a film.
 */
export const DEFAULT_MEDIA_MAX_VIDEO_BYTES = 40 * 1024 * 1024
/** The largest audio upload by default (MEDIA_MAX_AUDIO_BYTES): 20 MB, a podcast episode of about 20 minutes in MP3. */
export const DEFAULT_MEDIA_MAX_AUDIO_BYTES = 20 * 1024 * 1024
/** The largest captions file (WebVTT): text, checked whole in memory; an hour of dense subtitles is under 100 KB. */
export const MAX_CAPTIONS_BYTES = 512 * 1024

// https://vike.dev/config — the admin area renders in the browser only: the server sends the
// page shell, and none of the admin's code is part of any public page.
import type { Config } from 'vike/types'

export default {
  meta: {
    Page: { env: { server: false, client: true } },
  },
  // Not a public page: never prerendered, nor in the sitemap.
  listing: 'private',
} satisfies Config

// https://vike.dev/config — the admin area renders in the browser only: the server sends the
// page shell, and none of the admin's code is part of any public page.
import type { Config } from 'vike/types'

export default {
  meta: {
    Page: { env: { server: false, client: true } },
  },
  // An application: it keeps vike's client router (the public pages use ordinary links) and
  // renders its own theme toggle. It has no `+client.ts` (only the public pages have one each):
  // a second script entry would make vike merge them into an inline script, which the
  // Content-Security-Policy refuses.
  clientRouting: true,
  // Not a public page: never prerendered, nor in the sitemap.
  listing: 'private',
} satisfies Config

// https://vike.dev/config — the admin area renders in the browser only: the server sends the
// page shell, and none of the admin's code is part of any public page.
import type { Config } from 'vike/types'

export default {
  meta: {
    Page: { env: { server: false, client: true } },
  },
  // An application: it keeps vike's client router (the public pages use ordinary links). Its
  // React theme toggle marks its clicks handled, which the site's plain script (renderer/+client.ts,
  // which vike cannot unset here) then leaves alone.
  clientRouting: true,
  // Not a public page: never prerendered, nor in the sitemap.
  listing: 'private',
} satisfies Config

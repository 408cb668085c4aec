// https://vike.dev/clientRouting
import type { Config } from 'vike/types'

export default {
  // The landing page is where new visitors arrive: it uses vike's server-routing runtime
  // (~2 KB instead of the ~15 KB client router; the page still hydrates). Links from it are
  // full page loads of prerendered pages, and so are links to it from client-routed pages.
  clientRouting: false,
} satisfies Config

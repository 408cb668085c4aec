// https://vike.dev/config
import type { Config } from 'vike/types'

export default {
  // It only sends the visitor elsewhere: prerendered, but kept out of the sitemap.
  listing: 'unlisted',
} satisfies Config

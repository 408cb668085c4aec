import { useQuery } from '@tanstack/react-query'
import { adminQueries } from '../api/admin-queries.ts'

/**
 * The site's time zone (SITE_TIMEZONE), asked once per admin session (never stale, as every
 * admin query): it says when a post dated later goes live. UTC, the server's default, until known.
 */
export function useSiteTimeZone(): string {
  const site = useQuery(adminQueries.site())
  return site.data?.timeZone ?? 'UTC'
}

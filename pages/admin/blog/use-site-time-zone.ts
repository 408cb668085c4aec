import { useQuery } from '@tanstack/react-query'
import { queryFnWith } from '../query-client.ts'

/** `GET /api/admin/site`: what the admin UI needs to know of the site. */
export const SITE_KEY = ['/api/admin/site']

/**
 * The site's time zone (SITE_TIMEZONE), asked once per admin session (never stale, as every
 * admin query): it says when a post dated later goes live. UTC, the server's default, until known.
 */
export function useSiteTimeZone(): string {
  const site = useQuery<{ timeZone: string } | null>({ queryKey: SITE_KEY, queryFn: queryFnWith<{ timeZone: string }>('returnNull') })
  return site.data?.timeZone ?? 'UTC'
}

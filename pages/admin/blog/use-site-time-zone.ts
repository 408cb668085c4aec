import { useQueryClient } from '@tanstack/react-query'
import { ME_KEY } from '../query-client.ts'

/**
 * The site's time zone (SITE_TIMEZONE), as GET /api/auth/me says it: the admin page asked for
 * that before showing anything. UTC if it has not (the server's default).
 */
export function useSiteTimeZone(): string {
  const me = useQueryClient().getQueryData<{ timeZone?: string } | null>(ME_KEY)
  return me?.timeZone ?? 'UTC'
}

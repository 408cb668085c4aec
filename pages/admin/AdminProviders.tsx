import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ToastHost } from '../../renderer/ToastHost.tsx'
import { queryClient } from './api/query-client.ts'
import './admin.css'

/** Every admin page: the shared query client (its cache survives moving between admin pages) and the toasts. */
export function AdminProviders(props: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {props.children}
      <ToastHost />
    </QueryClientProvider>
  )
}

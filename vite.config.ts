import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import type { UserConfig } from 'vite'

export default {
  plugins: [react(), vike()],
  build: {
    // Browsers from the last few years; keeps the bundle free of legacy transforms.
    target: 'es2022',
    // vike already writes <link rel="modulepreload"> for each page's scripts; Vite's own helper
    // would only serve lazily loaded chunks (the toasts) and costs every page a few hundred bytes.
    modulePreload: false,
  },
} satisfies UserConfig

import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import type { UserConfig } from 'vite'

export default {
  plugins: [react(), vike()],
  build: {
    // Browsers from the last few years; keeps the bundle free of legacy transforms.
    target: 'es2022',
  },
} satisfies UserConfig

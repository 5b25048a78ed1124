import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

export default defineConfig({
  plugins: [svelte()],
  build: {
    outDir: 'dist',
    // Old hashed assets would all be embedded in the binary; the build
    // script puts back dist/.gitkeep, which go:embed needs on a fresh clone.
    emptyOutDir: true,
    target: 'es2022',
  },
  resolve: process.env.VITEST ? { conditions: ['browser'] } : undefined,
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.ts'],
  },
});

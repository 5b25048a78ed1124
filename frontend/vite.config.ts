import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// bundledPackages writes dist/bundled-packages.json: the names of the npm
// packages whose code the bundle holds (Svelte's runtime), for the licence
// notices that ship with the program (build/notices reads it). Modules the
// bundler dropped whole (rendered to nothing) are not counted.
function bundledPackages(): Plugin {
  return {
    name: 'scout-bundled-packages',
    apply: 'build',
    generateBundle(_, bundle) {
      const names = new Set<string>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const [id, mod] of Object.entries(chunk.modules)) {
          const pkg = id.match(/.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//);
          if (pkg && mod.renderedLength > 0) names.add(pkg[1]);
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: 'bundled-packages.json',
        source: JSON.stringify([...names].sort()) + '\n',
      });
    },
  };
}

export default defineConfig({
  plugins: [svelte(), bundledPackages()],
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

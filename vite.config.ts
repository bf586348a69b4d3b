import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = import.meta.dirname;

/**
 * The Latin subset of the text font is needed by the first paint of every page; announcing it in
 * index.html lets the browser fetch it alongside the entry script instead of after the CSS.
 */
function preloadFont(): Plugin {
  return {
    name: 'medora-preload-font',
    apply: 'build',
    transformIndexHtml(_html, ctx) {
      const font = Object.keys(ctx.bundle ?? {}).find((file) => /inter-latin-wght-normal-[\w-]+\.woff2$/.test(file));
      if (!font) throw new Error('The Latin Inter font is missing from the build');
      return [
        {
          tag: 'link',
          attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head',
        },
      ];
    },
  };
}

export default defineConfig({
  root: path.join(root, 'client'),
  plugins: [react(), tailwindcss(), preloadFont()],
  resolve: {
    alias: {
      '@common': path.join(root, 'common'),
      '@client': path.join(root, 'client/src'),
    },
  },
  build: {
    outDir: path.join(root, 'dist/client'),
    emptyOutDir: true,
    sourcemap: false,
    // Left to itself the bundler gave every icon and small shared module a chunk of its own: about 30
    // requests of 1–2 KB each for the landing page, fetched only after the entry had run. On a
    // phone's connection those round trips, not bytes, delayed the first screen (decision 022).
    rolldownOptions: {
      output: {
        codeSplitting: {
          // All icons in one chunk; our ui/ and lib/ modules that two screens or more use in another.
          // common/ stays out so zod (its schemas) still loads only with the forms that need it.
          groups: [
            { name: 'icons', test: /[\\/]lucide-react[\\/]/, priority: 20 },
            { name: 'shared', test: /[\\/]client[\\/]src[\\/](ui|lib)[\\/]/, minShareCount: 2, priority: 10 },
          ],
        },
      },
    },
  },
});

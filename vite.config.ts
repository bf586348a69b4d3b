import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, normalizePath, type Plugin } from 'vite';

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

/**
 * The first Intl object a page makes loads the browser's ICU data: 40–57 ms of main thread on this
 * machine, four times that on Lighthouse's phone, and until now it ran inside the first render.
 * A classic async script of one line makes one while the entry's chunks are still downloading, when
 * the main thread has nothing else to do (issue 40, item 4): the landing page's Lighthouse median
 * went from 0.84 to 0.88 (TBT 237 → 156 ms, five runs each). Warming dates and zone names as well
 * measured no better. It needs no nonce: it is a file.
 */
function warmIntl(): Plugin {
  return {
    name: 'medora-warm-intl',
    apply: 'build',
    buildStart() {
      this.emitFile({
        type: 'asset',
        name: 'warm-intl.js',
        source: 'new Intl.NumberFormat(document.documentElement.lang);\n',
      });
    },
    transformIndexHtml(_html, ctx) {
      const file = Object.keys(ctx.bundle ?? {}).find((name) => /warm-intl-[\w-]+\.js$/.test(name));
      if (!file) throw new Error('The Intl warm-up script is missing from the build');
      return [{ tag: 'script', attrs: { async: true, src: `/${file}` }, injectTo: 'head' }];
    },
  };
}

/**
 * Chunks the entry imports as soon as it runs (main.tsx: the shell, start-app.tsx), in a task of their
 * own rather than the entry's: they are preloaded with it like its static imports, so splitting
 * them off costs no round trip. Their chunks are listed in index.html as modulepreload links, which
 * the server hands to the loader (first-markup.ts) and scripts/first-screens.mjs counts as loaded.
 */
const START_MODULES = ['src/app/start-app.tsx'];

function preloadStartChunks(): Plugin {
  return {
    name: 'medora-preload-start-chunks',
    apply: 'build',
    transformIndexHtml(_html, ctx) {
      const chunks = Object.values(ctx.bundle ?? {}).filter((item) => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (file: string, seen: Set<string>): Set<string> => {
        if (seen.has(file)) return seen;
        seen.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) closure(imported, seen);
        return seen;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('The build has no entry chunk');
      const loaded = closure(entry.fileName, new Set());
      const wanted = new Set<string>();
      for (const module of START_MODULES) {
        const start = chunks.find((chunk) => chunk.facadeModuleId === normalizePath(path.join(root, 'client', module)));
        if (!start) throw new Error(`START_MODULES names ${module}, which the build has no chunk for`);
        for (const file of closure(start.fileName, new Set())) if (!loaded.has(file)) wanted.add(file);
      }
      return [...wanted].map((file) => ({
        tag: 'link',
        attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
        injectTo: 'head' as const,
      }));
    },
  };
}

/**
 * The loader of a page whose first screen the server sends as markup (decision 112,
 * client/src/prerender/): emitted with a hashed name like the other assets, not injected; the
 * server puts it on those pages in place of the entry script.
 */
function startAfterPaint(): Plugin {
  return {
    name: 'medora-start-after-paint',
    apply: 'build',
    buildStart() {
      if (this.environment?.config.build.ssr) return;
      this.emitFile({
        type: 'asset',
        name: 'start-after-paint.js',
        source: readFileSync(path.join(root, 'client/src/prerender/start-after-paint.js'), 'utf8'),
      });
    },
  };
}

/**
 * The catalogues (common/i18n/<lang>/*.json, imported with `?icu` by client/src/lib/i18n) reach the
 * browser as ICU syntax trees, parsed here at build time, so the client ships react-intl without
 * the message parser (decision 058: the parser was most of the library's weight).
 */
function precompiledCatalogues(): Plugin {
  return {
    name: 'medora-precompiled-catalogues',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]common[\\/]i18n[\\/].+\.json\?icu$/.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)]));
      // A `?icu` import is not JSON to the bundler any more: hand it a module.
      return { code: `export default ${JSON.stringify(compiled)};`, map: null };
    },
  };
}

/**
 * The schemas in common/ say their messages in English through ICU (common/i18n/validation.ts,
 * `englishOf`), from two catalogues they import as plain JSON so that Node reads them too. The
 * browser build has no ICU parser (above), so it hands those two modules over with their messages
 * also compiled, under `Symbol.for('medora.icu')`; without it the forms' errors were the raw
 * template ("{label} is too long"). Every other reader of the JSON sees the same strings as before.
 */
const ENGLISH_OF_SCHEMAS = /[\\/]common[\\/]i18n[\\/]en[\\/](validation|screens[\\/]fields)\.json$/;
const COMPILED_ENGLISH = '\0medora-english:';
function compiledEnglishOfSchemas(): Plugin {
  return {
    name: 'medora-compiled-english-of-schemas',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || !source.endsWith('.json')) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved && ENGLISH_OF_SCHEMAS.test(resolved.id) ? `${COMPILED_ENGLISH}${resolved.id}.js` : null;
    },
    load(id) {
      if (!id.startsWith(COMPILED_ENGLISH)) return null;
      const file = id.slice(COMPILED_ENGLISH.length, -'.js'.length);
      this.addWatchFile(file);
      const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)]));
      return [
        `const messages = ${JSON.stringify(messages)};`,
        `Object.defineProperty(messages, Symbol.for('medora.icu'), { value: ${JSON.stringify(compiled)} });`,
        'export default messages;',
      ].join('\n');
    },
  };
}

/**
 * react-intl and @formatjs/intl each carry their own copy of intl-messageformat and fast-memoize
 * (the same versions, nested because lighthouse pins an older one at the top). Both copies reached
 * every page's first load; every import of them now resolves to react-intl's, so the browser gets
 * one (about 4 KB gzip less, decision 062).
 */
function oneMessageFormat(): Plugin {
  const SHARED = new Set(['intl-messageformat', '@formatjs/fast-memoize']);
  const anchor = path.join(root, 'node_modules/react-intl/index.js');
  return {
    name: 'medora-one-messageformat',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!SHARED.has(source) || importer === anchor) return null;
      const from = source === 'intl-messageformat' ? anchor : (await this.resolve('intl-messageformat', anchor))?.id;
      return from ? this.resolve(source, from, { skipSelf: true }) : null;
    },
  };
}

const SHARED = /[\\/]client[\\/]src[\\/](ui|lib)[\\/]/;
/** ui/ and lib/ modules of signed-in work that two screens or more use (see the chunk groups below). */
const SIGNED_IN =
  /[\\/]client[\\/]src[\\/](ui[\\/](payment[\\/]|scroll-strip|time-slot-grid|time-zone-select|dialog-frame|hold-notice|precheck-summary|confirm-dialog|badge|receipt-link|visit-length-note|join-opens-note|step-focus|consultation-type)|lib[\\/](i18n[\\/](use-when|rich-text)|referral-code|release-hold|patient-prechecks|patient-appointments|use-now|consultation-type-keys|appointment-status))/;

export default defineConfig(({ command }) => ({
  root: path.join(root, 'client'),
  plugins: [
    precompiledCatalogues(),
    compiledEnglishOfSchemas(),
    oneMessageFormat(),
    react(),
    tailwindcss(),
    preloadFont(),
    warmIntl(),
    preloadStartChunks(),
    startAfterPaint(),
  ],
  resolve: {
    alias: [
      { find: '@common', replacement: path.join(root, 'common') },
      { find: '@client', replacement: path.join(root, 'client/src') },
      // Messages arrive compiled, so the build leaves the parser out (the dev server keeps it, harmlessly).
      ...(command === 'build'
        ? [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
            },
            // The package exports only its build with development warnings; its production build,
            // beside it, differs in that flag alone and spends no first-load time on them.
            {
              find: /^react-router$/,
              replacement: path.join(root, 'node_modules/react-router/dist/production/index.mjs'),
            },
          ]
        : []),
    ],
  },
  build: {
    outDir: path.join(root, 'dist/client'),
    emptyOutDir: true,
    // Read by scripts/first-screens.mjs, then removed: which chunks a first screen needs.
    manifest: true,
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
            { name: 'shared', test: (id) => SHARED.test(id) && !SIGNED_IN.test(id), minShareCount: 2, priority: 10 },
          ],
        },
      },
    },
  },
}));

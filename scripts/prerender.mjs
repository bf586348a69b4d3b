// After `vite build` and first-screens.mjs: the markup of each first screen marked `prerender` in
// client/src/app/first-screens.json, as a signed-out visitor's first render draws it, in every
// language (decision 112). The server sends it inside index.html, so a first-time visitor's page
// paints before any script has arrived. The components are the app's own, built once more for Node
// (dist/render), which the server also uses to draw a doctor's page per request (decision 116).
// Writes dist/first-markup.json.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

process.env.NODE_ENV = 'production';
const root = path.resolve(import.meta.dirname, '..');
const assets = path.join(root, 'dist/client/assets');
const outDir = path.join(root, 'dist/render');
const outFile = path.join(root, 'dist/first-markup.json');

const loader = existsSync(assets) && readdirSync(assets).find((f) => /^start-after-paint-[\w-]+\.js$/.test(f));
if (!loader) {
  console.log('first markup: no client build with its loader, nothing written');
  rmSync(outFile, { force: true });
  rmSync(outDir, { recursive: true, force: true });
} else {
  const { build } = await import('vite');
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    // Self-contained and in React's production build whatever the server's NODE_ENV: the server
    // loads it at run time (decision 116), where a development React would be slower.
    ssr: { noExternal: true },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      ssr: 'src/prerender/first-screen.tsx',
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      manifest: false,
    },
  });
  const { renderFirstScreen, LANGUAGES } = await import(pathToFileURL(path.join(outDir, 'first-screen.js')).href);
  const screens = JSON.parse(readFileSync(path.join(root, 'client/src/app/first-screens.json'), 'utf8'));
  const markup = {};
  for (const screen of screens.filter((s) => s.prerender)) {
    markup[screen.path] = {};
    for (const language of LANGUAGES) {
      const html = await renderFirstScreen(screen.path, language);
      // The CSP allows no inline script: markup that needs one would not hydrate (decision 114).
      if (html.includes('<script'))
        throw new Error(`first markup of ${screen.path} (${language}) has an inline script`);
      markup[screen.path][language] = html;
    }
  }
  writeFileSync(outFile, `${JSON.stringify({ loader, screens: markup })}\n`);
  const sizes = Object.entries(markup).map(([p, m]) => `${p} ${Object.values(m).map((h) => h.length)} chars`);
  console.log(`first markup: ${sizes.join(', ')}`);
}

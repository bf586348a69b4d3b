// Draws the app's install icons (client/public/icons/*.png) from their SVGs. Run it again only when
// an SVG changes; the PNGs are committed so the build needs no image tooling.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const dir = path.resolve(import.meta.dirname, '../client/public/icons');
const icons = [
  { svg: 'icon.svg', size: 192, out: 'icon-192.png' },
  { svg: 'icon.svg', size: 512, out: 'icon-512.png' },
  { svg: 'icon-maskable.svg', size: 512, out: 'icon-maskable-512.png' },
  // iOS ignores the manifest's icons and reads <link rel="apple-touch-icon">; it masks corners itself.
  { svg: 'icon-maskable.svg', size: 180, out: 'apple-touch-icon.png' },
];

for (const { svg, size, out } of icons) {
  const source = readFileSync(path.join(dir, svg));
  await sharp(source, { density: Math.ceil((72 * size) / 512) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(dir, out));
  console.log(`${out} ${size}×${size}`);
}

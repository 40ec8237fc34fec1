// The demo banners that `npm run seed` adds: `npx tsx scripts/seed-banners.ts` renders each drawing
// public/banners/<name>.svg to public/banners/<name>.webp (1080×480, the banner's 2.25:1 at a phone's 3× density).
// Raster, as an operator's uploaded photo is: an SVG banner is a document of its own that the page lays out on
// its main thread, and one with text waits on the system's fonts there before the banner, Home's largest image,
// can paint (docs/decisions.md, "Banners are raster"). The drawings stay
// served: local data seeded before the WebP files still points at them.
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import sharp from 'sharp';

const SOURCE = 'public/banners';
const WIDTH = 1080;
const HEIGHT = 480;

for (const file of readdirSync(SOURCE).filter((f) => f.endsWith('.svg'))) {
  const svg = readFileSync(join(SOURCE, file));
  const { width = WIDTH } = await sharp(svg).metadata();
  const out = join(SOURCE, `${basename(file, '.svg')}.webp`);
  // Rasterized at the density that draws it WIDTH pixels wide, not drawn small and scaled up.
  const info = await sharp(svg, { density: (72 * WIDTH) / width })
    .resize(WIDTH, HEIGHT)
    .webp({ quality: 85 })
    .toFile(out);
  console.log(`${out}: ${info.width}×${info.height}, ${(info.size / 1024).toFixed(1)} KiB`);
}

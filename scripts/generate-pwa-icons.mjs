// Renders the PWA icons (web/public/icons/*.png) from web/public/favicon.svg with
// Debian's Chromium, through Playwright: `node scripts/generate-pwa-icons.mjs`.
// The PNGs are committed; run this again only when the favicon or the theme colour changes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const svg = readFileSync(path.join(root, 'web/public/favicon.svg'), 'utf8');
const outDir = path.join(root, 'web/public/icons');
/** --ion-color-primary in web/theme/variables.css (also the manifest's theme_color). */
const green = '#1b7a3d';

/**
 * `radius`: the square's corner rounding (0: full bleed, for icons the platform masks itself).
 * `ball`: the ball's share of the width (maskable icons keep it inside the central 80% circle).
 */
const icons = [
  { file: 'icon-192.png', size: 192, radius: 0.22, ball: 0.72 },
  { file: 'icon-512.png', size: 512, radius: 0.22, ball: 0.72 },
  { file: 'icon-maskable-512.png', size: 512, radius: 0, ball: 0.62 },
  { file: 'apple-touch-icon.png', size: 180, radius: 0, ball: 0.7 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { file, size, radius, ball } of icons) {
    const ballSize = Math.round(size * ball);
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<!doctype html>
      <style>
        html, body { margin: 0; background: transparent; }
        #icon { width: ${size}px; height: ${size}px; display: grid; place-items: center;
                background: ${green}; border-radius: ${radius * 100}%; }
        #icon svg { width: ${ballSize}px; height: ${ballSize}px; display: block; }
      </style>
      <div id="icon">${svg}</div>`);
    await page.locator('#icon').screenshot({ path: path.join(outDir, file), omitBackground: true });
    console.log(`web/public/icons/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}

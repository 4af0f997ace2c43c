/**
 * Budget: the /Login route loads under 250 kB of gzipped JavaScript (docs/design-summary.md §7).
 * Opens /Login in Debian's Chromium against a running server (BASE_URL, default http://localhost:3000),
 * collects every script the page loads, and sums their gzip sizes from apps/web/dist.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

const base = process.env.BASE_URL ?? 'http://localhost:3000';
const dist = path.join(import.meta.dirname, '../apps/web/dist');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const page = await browser.newPage();
const scripts = new Set<string>();
page.on('request', (r) => {
  if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
});
await page.goto(`${base}/Login`, { waitUntil: 'networkidle' });
await page.getByRole('button', { name: 'Ingresar' }).waitFor();
await browser.close();
let total = 0;
for (const s of scripts) {
  const file = path.join(dist, s);
  const gz = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} kB  ${s}`);
}
console.log(
  `/Login JavaScript: ${scripts.size} files, ${(total / 1024).toFixed(1)} kB gzipped (budget 250 kB)`,
);
process.exit(total / 1024 <= 250 ? 0 : 1);

// Initial JavaScript of the mobile production build (issue 3: at most 150 KB gzipped).
// "Initial" = the entry script and every chunk index.html preloads. For honesty it also reports the
// closure of static imports for the first screens (login, home), which load right after.
// Usage: node bench/lighthouse-initial-js.mjs [--max-kb 150]   (after `npm run build -w @beurs/mobile`)
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/mobile/dist');
const maxIndex = process.argv.indexOf('--max-kb');
const maxKb = maxIndex > 0 ? Number(process.argv[maxIndex + 1]) : 150;

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = [
  ...html.matchAll(/<script[^>]+src="\.\/([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\.\/([^"]+\.js)"/g),
].map((match) => match[1]);

const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

/** Files reachable through static `import … from "./x.js"` from the given files. */
function closure(files) {
  const seen = new Set();
  const queue = [...files];
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(dist, file), 'utf8');
    for (const match of code.matchAll(
      /(?:^|[;\n}])\s*import\s*(?:[^'"`()]*?from\s*)?["'`]\.\/([^"'`]+\.js)["'`]/g,
    )) {
      queue.push(join(dirname(file), match[1]));
    }
  }
  return seen;
}

const assets = readdirSync(join(dist, 'assets'));
const routeChunk = (name) => {
  const file = assets.find((asset) => asset.startsWith(`${name}-`) && asset.endsWith('.js'));
  if (!file) throw new Error(`no chunk for ${name}`);
  return `assets/${file}`;
};

const initialSet = closure(initial);
const sum = (set) => [...set].reduce((total, file) => total + gzipKb(file), 0);
const initialKb = sum(initialSet);
const report = {
  initialKb,
  files: [...initialSet].map((file) => ({ file, gzipKb: +gzipKb(file).toFixed(2) })),
};
for (const screen of ['LoginScreen', 'HomeScreen']) {
  const extra = [...closure([routeChunk(screen)])].filter((file) => !initialSet.has(file));
  report[screen] = { extraKb: +extra.reduce((t, f) => t + gzipKb(f), 0).toFixed(2), files: extra };
}
for (const language of ['en', 'de', 'zh', 'nl', 'fr', 'ko']) {
  report[`locale_${language}_kb`] = +gzipKb(routeChunk(language)).toFixed(2);
}
console.log(JSON.stringify(report, null, 2));
console.log(`initial JS: ${initialKb.toFixed(1)} KB gzipped (limit ${maxKb} KB)`);
if (initialKb > maxKb) {
  console.error('initial JS exceeds the limit');
  process.exit(1);
}

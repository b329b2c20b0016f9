import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

// The back-office's initial JavaScript: the entry chunk, every chunk it imports statically, and
// the English texts loaded before the first screen (the back-office's, the error catalogue's,
// Ant Design's): what the browser loads before it shows anything, gzipped. The build fails
// above the budget.

export const INITIAL_JS_BUDGET_BYTES = 300 * 1024;

type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

export function initialChunks(manifest: Manifest): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry || /i18n\/src\/(admin|errors)\/en\.ts$|antd\/es\/locale\/en_GB\.js$/.test(key))
      visit(key);
  }
  return [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}

export function initialSize(): Plugin {
  let outDir = 'dist';
  return {
    name: 'beurs-admin-initial-size',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      let total = 0;
      for (const file of initialChunks(manifest))
        total += gzipSync(await readFile(join(outDir, file))).length;
      const kilobytes = (total / 1024).toFixed(1);
      console.log(`admin initial JS: ${kilobytes} KB gzipped (budget ${INITIAL_JS_BUDGET_BYTES / 1024} KB)`);
      if (total > INITIAL_JS_BUDGET_BYTES)
        throw new Error(`admin initial JS ${kilobytes} KB gzipped is over budget`);
    },
  };
}

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { preprocessCSS, resolveConfig } from 'vite';
import { describe, expect, it } from 'vitest';

// Screen and component styles are CSS Modules: each file's classes are scoped to it, so one
// screen's class cannot restyle another's. Only app/app.css is global (theme tokens and the
// shell's shared components). Both the wallet and the market style a `.segmented` control; as
// global stylesheets the market's rules restyled the wallet's tabs once a market screen had loaded.

const appDir = dirname(dirname(fileURLToPath(import.meta.url)));
const sourceDir = join(appDir, 'src');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? cssFiles(join(dir, entry.name))
      : entry.name.endsWith('.css')
        ? [relative(sourceDir, join(dir, entry.name))]
        : [],
  );
}

async function compile(file: string) {
  const config = await resolveConfig({ configFile: join(appDir, 'vite.config.ts'), root: appDir }, 'build');
  const path = join(sourceDir, file);
  const { code, modules } = await preprocessCSS(readFileSync(path, 'utf8'), path, config);
  return { code: code.replace(/\/\*[\s\S]*?\*\//g, ''), modules };
}

describe('component styles', () => {
  it('are CSS Modules everywhere but the global app.css', () => {
    expect(cssFiles(sourceDir).filter((file) => !file.endsWith('.module.css'))).toEqual(['app/app.css']);
  });

  it('scope the same class name apart in two modules', async () => {
    const wallet = await compile('screens/information/funds/wallet/wallet.module.css');
    const market = await compile('screens/market/market.module.css');
    const walletSegmented = wallet.modules?.segmented;
    const marketSegmented = market.modules?.segmented;
    expect(walletSegmented).toBeTruthy();
    expect(marketSegmented).toBeTruthy();
    expect(walletSegmented).not.toBe(marketSegmented);
    // Neither stylesheet has a bare `.segmented` selector left to match the other's element.
    expect(market.code).not.toMatch(/\.segmented\b/);
    expect(market.code).toContain(`.${marketSegmented}`);
    expect(wallet.code).not.toMatch(/\.segmented\b/);
    // camelCase twins of the CSS names, for styles.walletList.
    expect(wallet.modules?.walletList).toBe(wallet.modules?.['wallet-list']);
  });

  it('leave the shared app classes global where a module refers to them', async () => {
    const wallet = await compile('screens/information/funds/wallet/wallet.module.css');
    expect(wallet.code).toMatch(/\.summary-row\b/);
    expect(wallet.modules).not.toHaveProperty('summary-row');
  });
});

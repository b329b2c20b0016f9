import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './db/database';
import { fromServerRoot, serverRoot } from './server-root';

// The files the server reads at run time are found from apps/server, whether it runs from src/
// (tsx, vitest) or from the bundle in dist/ (the e2e suite starts that one).
describe('server root', () => {
  it('is the apps/server folder', () => {
    const manifest = JSON.parse(readFileSync(fromServerRoot('package.json'), 'utf8')) as { name: string };
    expect(manifest.name).toBe('@beurs/server');
    expect(serverRoot.endsWith('/apps/server/')).toBe(true);
  });

  it('finds the migrations and the public assets', () => {
    expect(migrationsFolder).toBe(fromServerRoot('drizzle'));
    expect(existsSync(`${migrationsFolder}/meta/_journal.json`)).toBe(true);
    expect(existsSync(fromServerRoot('public', 'logo.svg'))).toBe(true);
  });
});

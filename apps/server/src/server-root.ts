import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The apps/server folder, found from this file: `src/server-root.ts` when run from source (tsx,
// vitest) and `dist/server.js` once built (the bundle's every module shares the bundle's URL).
// Both sit one level below apps/server, so one relative path serves both. Files the server reads
// at run time (migrations, public assets, the built mobile app) are found from here.

export const serverRoot = fileURLToPath(new URL('..', import.meta.url));

/** A path inside apps/server. */
export const fromServerRoot = (...segments: string[]): string => join(serverRoot, ...segments);

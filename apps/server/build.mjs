// The production build: bundles src/server.ts and the workspace packages it imports
// (@beurs/contract, TypeScript sources) into dist/server.js, plain JavaScript for `node`.
// npm dependencies stay outside the bundle and load from node_modules as they are: PGlite finds its
// WebAssembly and data files next to its own module, pg-boss, argon2 and sharp their native parts.
// The files the server reads at run time (drizzle/ migrations, public/, the built mobile app) are
// found from src/server-root.ts, which resolves to apps/server from src/ and from dist/ alike.
import * as esbuild from 'esbuild';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('.', import.meta.url));

/** Every bare import is an npm dependency left to node, except the workspace's own packages. */
const dependenciesStayExternal = {
  name: 'dependencies-stay-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@beurs/') ? undefined : { path: args.path, external: true },
    );
  },
};

await rm(`${serverDir}dist`, { recursive: true, force: true });
const result = await esbuild.build({
  absWorkingDir: serverDir,
  entryPoints: { server: 'src/server.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  // Class and function names stay as written (error classes are logged and matched by name).
  keepNames: true,
  plugins: [dependenciesStayExternal],
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(
  `apps/server/dist: ${Object.keys(result.metafile.outputs).length} files, ${Math.round(bytes / 1024)} KiB`,
);

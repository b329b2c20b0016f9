import type { Plugin } from 'vite';

// The app reads the contract through its zod-free entry points (`@beurs/contract/decimal`,
// `/paths`, `/enums`, `/rules`) and imports the zod schemas for their types only. This plugin
// keeps it so: a build whose chunks contain code from zod fails and names the importer.

const ZOD_MODULE = /[\\/]node_modules[\\/]zod[\\/]/;

export function noZod(): Plugin {
  return {
    name: 'beurs-no-zod',
    apply: 'build',
    generateBundle(_options, bundle) {
      const found: string[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(output.modules)) {
          if (ZOD_MODULE.test(id) && module.renderedLength > 0) found.push(id);
        }
      }
      if (found.length === 0) return;
      const importers = [...this.getModuleIds()].filter(
        (id) =>
          !ZOD_MODULE.test(id) && (this.getModuleInfo(id)?.importedIds ?? []).some((x) => ZOD_MODULE.test(x)),
      );
      this.error(
        `the app bundle contains zod (${found.length} modules), imported by: ${importers.join(', ')}. ` +
          'Import the zod-free entry points of @beurs/contract, and schemas with `import type`.',
      );
    },
  };
}

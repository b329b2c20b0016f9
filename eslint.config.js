// One lint setup for the whole monorepo. The restricted-import rules keep the dependency
// direction of CONVENTIONS.md: apps may import packages, packages never import apps, and the
// mobile app and back-office never import server code.
import js from '@eslint/js';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';
import { moduleSeams } from './apps/server/module-seams.eslint.js';

const serverImports = {
  group: ['@beurs/server', '@beurs/server/*', '**/apps/server/**'],
  message: 'Client code never imports server code: share it through @beurs/contract.',
};
const appImports = {
  group: ['@beurs/server', '@beurs/mobile', '@beurs/admin', '**/apps/**'],
  message: 'Packages never import apps.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/drizzle/**',
      'apps/mobile/android/**',
      'apps/mobile/ios/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-globals': [
        'error',
        { name: 'parseFloat', message: 'Money never goes through a float.' },
      ],
    },
  },
  {
    files: ['packages/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [appImports] }] },
  },
  {
    // Every user-visible string goes through t(): literal text in JSX fails the lint.
    files: ['apps/mobile/src/**/*.tsx', 'apps/admin/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', '**/test/**'],
    plugins: { i18next },
    rules: { 'i18next/no-literal-string': ['error', { mode: 'jsx-text-only' }] },
  },
  {
    files: ['apps/mobile/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [serverImports] }] },
  },
  {
    // The app's service worker (push messages) runs in the service-worker scope.
    files: ['apps/mobile/public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // No import cycles: a module never reaches itself through its imports. Dynamic imports count,
    // so a lazily loaded screen that imports the table loading it is a cycle too
    // (apps/mobile/src/import-cycles-lint.test.ts plants one and expects it refused).
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // TypeScript files are parsed for their imports too (without this they are skipped).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // The server's module seams: another module only through its service, tables only from their
  // own repository (apps/server/module-seams.eslint.js).
  ...moduleSeams,
);

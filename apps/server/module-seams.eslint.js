// The server's module seams (CONVENTIONS.md "Seams"), as ESLint's no-restricted-imports, spread into
// the root eslint.config.js. A module is a folder of src/modules/ (files one level deep); inside it
// imports are `./x`, another module is `../<module>/x`.
//
// 1. A module reaches another only through its service: `../<module>/<name>.service`, never its
//    repository, tables, routes or other internals.
// 2. A module's tables (`*.tables.ts`) are imported only by its own repository. Other tables files
//    may import them for foreign keys. The ledger's tables are the ledger's (src/ledger) alone.
// 3. Tests (`*.test.ts`) and test support (`*-test-support.ts`) may also import another module's
//    test support (fixtures that drive the app through its API) and any tables (a test plays the
//    hostile operator with direct SQL); never another module's repository or internals.
// Code outside src/modules (http, ledger, db, jobs, start-up) never imports a module's tables.

const modules = 'apps/server/src/modules';

const seamMessage =
  'A module reaches another only through its service (x.service.ts); only its own repository imports its tables.';

/** `../<module>/<file>` unless <file> ends with an allowed suffix or is an allowed `<module>/<file>`. */
const otherModuleExcept = (suffixes, allowed = []) => ({
  regex: String.raw`^\.\./${allowed.map((path) => `(?!${path}$)`).join('')}[\w-]+/(?![\w.-]+(${suffixes.join('|')})$)`,
  message: seamMessage,
});
const ownTables = { regex: String.raw`^\./[\w.-]+\.tables$`, message: seamMessage };
const ledgerTables = { regex: String.raw`(^|/)ledger/ledger\.tables$`, message: seamMessage };
const anyModuleTables = { regex: String.raw`(^|/)modules/[\w-]+/[\w.-]+\.tables$`, message: seamMessage };

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const tests = [`${modules}/*/*.test.ts`, `${modules}/*/*-test-support.ts`];

export const moduleSeams = [
  {
    files: [`${modules}/*/*.ts`],
    ignores: [`${modules}/*/*.repository.ts`, `${modules}/*/*.tables.ts`, ...tests],
    rules: restrict(otherModuleExcept([String.raw`\.service`]), ownTables, ledgerTables),
  },
  {
    files: [`${modules}/*/*.repository.ts`],
    rules: restrict(otherModuleExcept([String.raw`\.service`]), ledgerTables),
  },
  {
    files: [`${modules}/*/*.tables.ts`],
    rules: restrict(otherModuleExcept([String.raw`\.service`, String.raw`\.tables`])),
  },
  {
    files: tests,
    rules: restrict(otherModuleExcept([String.raw`\.service`, String.raw`\.tables`, '-test-support'])),
  },
  // Allow-list: one known exception, to be removed by the branch that reworks the code.
  {
    // Staff sign-in (staff-auth) and staff administration (staff) both work on staff_users: one
    // bounded context in two folders. Branch trust-hardening is reworking staff sign-in; after it
    // lands, staff_users moves into staff-auth (staff asks its service) and this entry goes.
    files: [`${modules}/staff-auth/staff-auth.repository.ts`],
    rules: restrict(
      otherModuleExcept([String.raw`\.service`], [String.raw`staff/staff\.tables`]),
      ledgerTables,
    ),
  },
  {
    files: ['apps/server/src/**/*.ts', 'apps/server/test/**/*.ts'],
    ignores: [`${modules}/**`, 'apps/server/src/ledger/**', '**/*.tables.ts'],
    rules: restrict(anyModuleTables, ledgerTables),
  },
  {
    files: ['apps/server/src/ledger/**/*.ts'],
    ignores: ['**/*.tables.ts'],
    rules: restrict(anyModuleTables),
  },
];

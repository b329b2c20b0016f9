import { defineConfig } from 'drizzle-kit';

// Tables live beside their feature as `*.tables.ts`; `npm run db:generate` writes the SQL
// migration into ./drizzle, which is committed and applied at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/**/*.tables.ts'],
  out: './drizzle',
  casing: 'snake_case',
});

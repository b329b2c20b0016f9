// Paths of instruments' margin and lending settings in the back office (issue 15 item 4), zod-free
// like every path table; re-exported by `paths.ts`.

/** Under ADMIN_API_BASE_PATH: each instrument's margin class, margins and lending, and staff overrides. */
export const adminMarginSettingsPaths = {
  marginSettingsList: '/margin/instruments',
  marginSettingsSave: '/margin/instrumentSave',
} as const;

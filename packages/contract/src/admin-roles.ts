import type { StaffRole } from './enums';
import type {
  adminIpoPaths,
  adminPlacementPaths,
  adminStrategyPaths,
  adminMarginPaths,
  adminMarginSettingsPaths,
  adminPaths,
  adminProfessionalPaths,
  adminRecordsPaths,
  adminSupportPaths,
} from './paths';

// Zod-free (the back-office app loads it as `@beurs/contract/admin-roles`): which staff role may
// make which back-office call. The server registers each call with its row
// (apps/server/src/http/admin-route.ts); the back-office shows a role only what it may call.

/** A back-office call, by its name in `adminEndpoints` and `adminPaths`. */
export type AdminEndpointName = keyof typeof adminPaths;
/** A support-chat call of the back-office, by its name in `adminSupportPaths`. */
export type AdminSupportEndpointName = keyof typeof adminSupportPaths;
/** A professional-client call of the back-office, by its name in `adminProfessionalPaths`. */
export type AdminProfessionalEndpointName = keyof typeof adminProfessionalPaths;
/** A user's records as staff read them, by its name in `adminRecordsPaths`. */
export type AdminRecordsEndpointName = keyof typeof adminRecordsPaths;

/** An IPO offering call of the back-office, by its name in `adminIpoPaths`. */
export type AdminIpoEndpointName = keyof typeof adminIpoPaths;

/** A placement (block trade) call of the back-office, by its name in `adminPlacementPaths`. */
export type AdminPlacementEndpointName = keyof typeof adminPlacementPaths;

/** A copy-following strategy call of the back-office, by its name in `adminStrategyPaths`. */
export type AdminStrategyEndpointName = keyof typeof adminStrategyPaths;

/** A user's margin account as staff read it, by its name in `adminMarginPaths`. */
export type AdminMarginEndpointName = keyof typeof adminMarginPaths;

/** Instruments' margin and lending settings, by its name in `adminMarginSettingsPaths`. */
export type AdminMarginSettingsEndpointName = keyof typeof adminMarginSettingsPaths;

/** The roles that may answer support conversations (admin may make every call). */
export const adminSupportRoles = ['admin', 'support'] as const;

const everyone = ['admin', 'reviewer', 'finance', 'support', 'product', 'auditor'] as const;

/**
 * Who may make each back-office call besides admin (admin may make every call). The back-office
 * screens show a role only what this table lets it call; the server refuses the rest (FORBIDDEN).
 * `auditor` reads and changes nothing; `product` reads the configuration.
 */
export const adminEndpointRoles = {
  login: [],
  logout: everyone,
  me: everyone,
  changePassword: everyone,
  twoFactorSetup: everyone,
  twoFactorEnable: everyone,
  createStaff: ['admin'],
  staffList: ['admin', 'auditor'],
  disableStaff: ['admin'],
  enableStaff: ['admin'],
  auditLog: ['admin', 'auditor'],
  userSearch: ['admin', 'reviewer', 'finance', 'support', 'auditor'],
  userDetail: ['admin', 'reviewer', 'finance', 'support', 'auditor'],
  userSessions: ['admin', 'support', 'auditor'],
  restrict: ['admin', 'support'],
  liftRestriction: ['admin', 'support'],
  withdrawalBarPropose: ['admin', 'support'],
  withdrawalBarReview: ['admin', 'support'],
  withdrawalBarList: ['admin', 'support', 'auditor'],
  identityList: ['admin', 'reviewer', 'auditor'],
  identityReview: ['admin', 'reviewer'],
  depositChannelSave: ['admin', 'finance'],
  depositChannelList: ['admin', 'finance', 'product', 'auditor'],
  depositList: ['admin', 'finance', 'auditor'],
  depositReview: ['admin', 'finance'],
  withdrawalList: ['admin', 'finance', 'auditor'],
  withdrawalReview: ['admin', 'finance'],
  correctionPropose: ['admin', 'finance'],
  correctionReview: ['admin', 'finance'],
  correctionList: ['admin', 'finance', 'auditor'],
  feeSchedule: everyone,
  reconciliation: ['admin', 'finance', 'auditor'],
} as const satisfies Record<AdminEndpointName, readonly StaffRole[]>;

/** Who may make the professional-client calls besides admin. */
export const adminProfessionalRoles = {
  professionalList: ['admin', 'reviewer', 'auditor'],
  professionalReview: ['admin', 'reviewer'],
} as const satisfies Record<AdminProfessionalEndpointName, readonly StaffRole[]>;

/** Who may read a user's records besides admin: the roles that may open the user page. */
export const adminRecordsRoles = {
  userRecords: adminEndpointRoles.userDetail,
} as const satisfies Record<AdminRecordsEndpointName, readonly StaffRole[]>;

/** Who may create and list IPO offerings besides admin (product sets offerings up; auditors read). */
export const adminIpoRoles = {
  ipoCreate: ['admin', 'product'],
  ipoList: ['admin', 'product', 'finance', 'auditor'],
} as const satisfies Record<AdminIpoEndpointName, readonly StaffRole[]>;

/** Who may create, list and close placements early besides admin: the roles of the IPO calls. */
export const adminPlacementRoles = {
  placementCreate: adminIpoRoles.ipoCreate,
  placementList: adminIpoRoles.ipoList,
  placementClose: adminIpoRoles.ipoCreate,
} as const satisfies Record<AdminPlacementEndpointName, readonly StaffRole[]>;

/** Who may list strategies, create one and close one besides admin: the roles of the IPO calls. */
export const adminStrategyRoles = {
  strategyList: adminIpoRoles.ipoList,
  strategyCreate: adminIpoRoles.ipoCreate,
  strategyClose: adminIpoRoles.ipoCreate,
} as const satisfies Record<AdminStrategyEndpointName, readonly StaffRole[]>;

/** Who may read a user's margin account (state, test score) besides admin: who may open the user page. */
export const adminMarginRoles = {
  userMargin: adminEndpointRoles.userDetail,
} as const satisfies Record<AdminMarginEndpointName, readonly StaffRole[]>;

/**
 * Who may read and set instruments' margin and lending settings besides admin: product sets them
 * (as it sets offerings up); finance and auditors read them.
 */
export const adminMarginSettingsRoles = {
  marginSettingsList: adminIpoRoles.ipoList,
  marginSettingsSave: adminIpoRoles.ipoCreate,
} as const satisfies Record<AdminMarginSettingsEndpointName, readonly StaffRole[]>;

/** Every back-office call by name, with the roles that may make it besides admin. */
const callRoles: Readonly<Record<string, readonly StaffRole[]>> = {
  ...adminEndpointRoles,
  ...adminProfessionalRoles,
  ...adminRecordsRoles,
  ...adminIpoRoles,
  ...adminPlacementRoles,
  ...adminStrategyRoles,
  ...adminMarginRoles,
  ...adminMarginSettingsRoles,
};

/** Whether a staff member with `role` may make the call `name` (the server checks the same tables). */
export function staffMayCall(
  role: StaffRole,
  name:
    | AdminEndpointName
    | AdminSupportEndpointName
    | AdminProfessionalEndpointName
    | AdminRecordsEndpointName
    | AdminIpoEndpointName
    | AdminPlacementEndpointName
    | AdminStrategyEndpointName
    | AdminMarginEndpointName
    | AdminMarginSettingsEndpointName,
): boolean {
  const roles = callRoles[name] ?? adminSupportRoles;
  return role === 'admin' || roles.includes(role);
}

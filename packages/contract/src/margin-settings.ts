import { z } from 'zod';
import { defineEndpoints } from './endpoint';
import { marginClasses, marginExclusions } from './margin-enums';
import { adminMarginSettingsPaths } from './margin-settings-paths';

// Instruments' margin and lending settings in the back office (issue 15 item 4). Each instrument
// margin is published for (not indices or currency pairs) with what its class gives (MARGIN_RULES),
// the staff override if it has one, and the settings in force — the ones trading, the margin
// summary and the published parameters use. An override only tightens: it takes an instrument out
// of margin, or raises its initial and maintenance margins (never below its class's: otherwise
// VALIDATION_FAILED); it cannot make a not-marginable instrument marginable. `lendable` and
// `lendingPaused` say whether the shares may be lent (the lendable list) and whether that channel
// is paused; `borrowFeeBasisPoints` sets the instrument's annual borrow fee (else the configuration's). Saving is audited (`margin.instrument_settings`).
// Refusals: UNKNOWN_SYMBOL, INSTRUMENT_NOT_TRADABLE (an index or a currency pair), VALIDATION_FAILED.

const basisPoints = z.number().int().min(1).max(10_000);

export const instrumentMarginRuleData = z.object({
  marginClass: z.enum(marginClasses),
  exclusion: z.enum(marginExclusions).nullable(),
  initialBasisPoints: z.number().int().nullable(),
  maintenanceBasisPoints: z.number().int().nullable(),
});

export const instrumentMarginSettingsData = z.object({
  symbol: z.string(),
  code: z.string(),
  name: z.string(),
  currency: z.string(),
  /** What the instrument's class gives it, before any override. */
  classRule: instrumentMarginRuleData,
  /** The settings in force: the class's with the override applied. */
  effective: instrumentMarginRuleData.extend({
    lendable: z.boolean(),
    lendingOpen: z.boolean(),
    /** The annual borrow fee staff set (basis points); null: the configuration's. */
    borrowFeeBasisPoints: z.number().int().nullable(),
  }),
  override: z
    .object({
      notMarginable: z.boolean(),
      initialBasisPoints: z.number().int().nullable(),
      maintenanceBasisPoints: z.number().int().nullable(),
      lendable: z.boolean(),
      lendingPaused: z.boolean(),
      borrowFeeBasisPoints: z.number().int().nullable(),
      reason: z.string(),
      updatedByStaffId: z.string(),
      updatedAt: z.iso.datetime(),
    })
    .nullable(),
});

export const adminMarginSettingsEndpoints = defineEndpoints(adminMarginSettingsPaths, {
  marginSettingsList: {
    auth: 'staff',
    summary:
      "Every instrument margin is published for: its class's margins, its staff override (if any) and the settings in force, with whether it is lendable, its lending channel open and its borrow fee; and the configuration's borrow fee, which an instrument without its own has.",
    request: z.strictObject({}),
    data: z.object({
      items: z.array(instrumentMarginSettingsData),
      /** The configuration's annual borrow fee (LENDING_BORROW_FEE_BASIS_POINTS): an instrument's without its own. */
      borrowFeeDefaultBasisPoints: z.number().int(),
    }),
  },
  marginSettingsSave: {
    auth: 'staff',
    summary:
      "Set an instrument's override (audited, with a reason): out of margin, raised margins (never below its class's), lendable, lending paused, its annual borrow fee. Null margins keep the class's; a null borrow fee is the configuration's.",
    request: z.strictObject({
      symbol: z.string().trim().min(1).max(24),
      notMarginable: z.boolean(),
      initialBasisPoints: basisPoints.nullable(),
      maintenanceBasisPoints: basisPoints.nullable(),
      lendable: z.boolean(),
      lendingPaused: z.boolean(),
      /** A short's annual borrow fee on this instrument (issue 16 item 3); null: the configuration's; absent: unchanged. */
      borrowFeeBasisPoints: z.number().int().min(0).max(10_000).nullable().optional(),
      reason: z.string().trim().min(3).max(500),
    }),
    data: instrumentMarginSettingsData,
  },
});

export { adminMarginSettingsRoles } from './admin-roles';

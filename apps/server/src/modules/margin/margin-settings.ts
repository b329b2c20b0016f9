import { DomainError } from '@beurs/contract';
import type { Clock } from '../../core/clock';
import type { Database } from '../../db/database';
import type { Instrument } from '../../market/provider';
import type { AuditService, StaffActor } from '../audit/audit.service';
import { classRule, marginClassOf, type InstrumentMarginClass } from './margin-classes';
import * as repository from './margin-settings.repository';
import type { InstrumentMarginSettingsRow } from './margin-settings.repository';

// Staff overrides of instruments' margin and lending settings (issue 15 item 4), owned by the margin
// module (table `instrument_margin_settings`). `apply` is what the margin service's one lookup
// (`instrumentMargin` in margin.service.ts) runs on an instrument's class: trading, the margin
// summary and the published parameters all read an instrument's margin through it.
//
// An override only tightens what the class gives: it takes an instrument out of margin, or raises
// its initial and maintenance margins (never below the class's published ones); it cannot make a
// not-marginable instrument marginable. Lending: `lendable` marks an instrument's shares lendable,
// `lendingPaused` pauses that channel, `borrowFeeBasisPoints` sets its annual borrow fee (short
// selling and securities lending, securities-lending.ts); recorded, audited and shown.
//
// Every node keeps the overrides in memory: read at start, after each change made here, and at
// most every SETTINGS_SYNC_INTERVAL_MS while serving requests (`syncIfStale`, as the IPO listings),
// so a change made on one node applies on all within seconds.

export const SETTINGS_SYNC_INTERVAL_MS = 5_000;

export type InstrumentSettings = InstrumentMarginClass & {
  lendable: boolean;
  lendingOpen: boolean;
  /** The annual borrow fee staff set for a short of it (basis points); null: the configuration's. */
  borrowFeeBasisPoints: number | null;
};

export type SettingsInput = {
  symbol: string;
  notMarginable: boolean;
  initialBasisPoints: number | null;
  maintenanceBasisPoints: number | null;
  lendable: boolean;
  lendingPaused: boolean;
  /** Null: the configuration's borrow fee; absent: the one set before (if any). */
  borrowFeeBasisPoints?: number | null | undefined;
  reason: string;
};

/** The instruments margin is published for: what trades (indices and currency pairs do not). */
export const isMarginListed = (instrument: Instrument) =>
  instrument.kind !== 'index' && instrument.kind !== 'forex';

/** An instrument's settings: its class's, with its override (if any) applied. */
export function applyOverride(
  base: InstrumentMarginClass,
  row: InstrumentMarginSettingsRow | undefined,
): InstrumentSettings {
  if (!row) return { ...base, lendable: false, lendingOpen: false, borrowFeeBasisPoints: null };
  const lending = {
    lendable: row.lendable,
    lendingOpen: row.lendable && !row.lendingPaused,
    borrowFeeBasisPoints: row.borrowFeeBasisPoints,
  };
  if (base.marginClass === 'not_marginable') return { ...base, ...lending };
  if (row.notMarginable) return { ...classRule('not_marginable'), exclusion: 'staff', ...lending };
  const raised = (own: number | null, published: number | null) =>
    own === null || published === null ? published : Math.max(own, published);
  return {
    ...base,
    initialBasisPoints: raised(row.initialBasisPoints, base.initialBasisPoints),
    maintenanceBasisPoints: raised(row.maintenanceBasisPoints, base.maintenanceBasisPoints),
    ...lending,
  };
}

export function createMarginSettings(deps: {
  db: Database;
  clock: Clock;
  audit: Pick<AuditService, 'record'>;
  instrumentOf: (symbol: string) => Instrument | undefined;
  instruments: () => readonly Instrument[];
  /** The configuration's annual borrow fee (basis points): an instrument's without its own. */
  borrowFeeDefaultBasisPoints: number;
}) {
  const { db, clock, audit } = deps;
  let overrides = new Map<string, InstrumentMarginSettingsRow>();
  let lastSyncMs = Number.NEGATIVE_INFINITY;

  async function sync() {
    const rows = await repository.allSettings(db);
    overrides = new Map(rows.map((row) => [row.symbol, row]));
    lastSyncMs = clock.now().getTime();
  }

  function view(instrument: Instrument) {
    const base = marginClassOf(instrument);
    const row = overrides.get(instrument.symbol);
    return {
      symbol: instrument.symbol,
      code: instrument.code,
      name: instrument.name,
      currency: instrument.currency,
      classRule: {
        marginClass: base.marginClass,
        exclusion: base.exclusion,
        initialBasisPoints: base.initialBasisPoints,
        maintenanceBasisPoints: base.maintenanceBasisPoints,
      },
      effective: applyOverride(base, row),
      override: row
        ? {
            notMarginable: row.notMarginable,
            initialBasisPoints: row.initialBasisPoints,
            maintenanceBasisPoints: row.maintenanceBasisPoints,
            lendable: row.lendable,
            lendingPaused: row.lendingPaused,
            borrowFeeBasisPoints: row.borrowFeeBasisPoints,
            reason: row.reason,
            updatedByStaffId: row.updatedByStaffId.toString(),
            updatedAt: row.updatedAt.toISOString(),
          }
        : null,
    };
  }

  /** The refusals: an unknown or unlisted instrument, margins below the class's or on one it excludes. */
  function checked(input: SettingsInput) {
    const instrument = deps.instrumentOf(input.symbol);
    if (!instrument) throw new DomainError('UNKNOWN_SYMBOL', { symbol: input.symbol });
    if (!isMarginListed(instrument))
      throw new DomainError('INSTRUMENT_NOT_TRADABLE', { symbol: input.symbol });
    const base = marginClassOf(instrument);
    const refuse = (issues: string) => {
      throw new DomainError('VALIDATION_FAILED', { issues });
    };
    const hasMargins = input.initialBasisPoints !== null || input.maintenanceBasisPoints !== null;
    if (base.marginClass === 'not_marginable' || input.notMarginable) {
      // Its class (or this override) excludes it: only the lending settings mean anything.
      if (hasMargins) refuse('margins: the instrument is not marginable, it has no margins to raise');
    } else {
      if (input.initialBasisPoints !== null && input.initialBasisPoints < base.initialBasisPoints!) {
        refuse(`initialBasisPoints: at least the class's ${base.initialBasisPoints}`);
      }
      if (
        input.maintenanceBasisPoints !== null &&
        input.maintenanceBasisPoints < base.maintenanceBasisPoints!
      ) {
        refuse(`maintenanceBasisPoints: at least the class's ${base.maintenanceBasisPoints}`);
      }
      const initial = input.initialBasisPoints ?? base.initialBasisPoints!;
      const maintenance = input.maintenanceBasisPoints ?? base.maintenanceBasisPoints!;
      if (maintenance > initial) refuse('maintenanceBasisPoints: at most the initial margin');
    }
    return instrument;
  }

  return {
    sync,

    /** `sync`, unless this node read the overrides less than SETTINGS_SYNC_INTERVAL_MS ago. */
    async syncIfStale() {
      if (clock.now().getTime() - lastSyncMs < SETTINGS_SYNC_INTERVAL_MS) return;
      await sync();
    },

    /** An instrument's settings from its class and its override: the margin lookup's one rule. */
    apply(symbol: string, base: InstrumentMarginClass): InstrumentSettings {
      return applyOverride(base, overrides.get(symbol));
    },

    /**
     * Staff: every instrument margin is published for, its class's settings, its override and the
     * result; and the configuration's borrow fee, which those without their own have.
     */
    list() {
      return {
        items: deps.instruments().filter(isMarginListed).map(view),
        borrowFeeDefaultBasisPoints: deps.borrowFeeDefaultBasisPoints,
      };
    },

    /** Staff: sets an instrument's override (audited, before and after, with the reason). */
    async save(actor: StaffActor, input: SettingsInput) {
      const instrument = checked(input);
      await db.transaction(async (tx) => {
        const before = await repository.lockSettings(tx, instrument.symbol);
        const after = await repository.saveSettings(tx, {
          symbol: instrument.symbol,
          notMarginable: input.notMarginable,
          initialBasisPoints: input.initialBasisPoints,
          maintenanceBasisPoints: input.maintenanceBasisPoints,
          lendable: input.lendable,
          lendingPaused: input.lendingPaused,
          // Absent (a form without the field) keeps the fee set before; null clears it.
          borrowFeeBasisPoints:
            input.borrowFeeBasisPoints === undefined
              ? (before?.borrowFeeBasisPoints ?? null)
              : input.borrowFeeBasisPoints,
          reason: input.reason,
          updatedByStaffId: actor.staffId,
          updatedAt: clock.now(),
        });
        const shown = (row: InstrumentMarginSettingsRow | undefined) =>
          row
            ? {
                notMarginable: row.notMarginable,
                initialBasisPoints: row.initialBasisPoints,
                maintenanceBasisPoints: row.maintenanceBasisPoints,
                lendable: row.lendable,
                lendingPaused: row.lendingPaused,
                borrowFeeBasisPoints: row.borrowFeeBasisPoints,
              }
            : null;
        await audit.record(tx, actor, {
          action: 'margin.instrument_settings',
          targetType: 'instrument',
          targetId: instrument.symbol,
          reason: input.reason,
          before: shown(before),
          after: shown(after),
        });
      });
      await sync();
      return view(instrument);
    },
  };
}

export type MarginSettings = ReturnType<typeof createMarginSettings>;

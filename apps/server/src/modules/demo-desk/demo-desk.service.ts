import { DomainError, type ErrorCode } from '@beurs/contract';
import type { Config } from '../../config';
import type { Clock } from '../../core/clock';
import type { StaffActor } from '../audit/audit.service';
import type { DepositsService } from '../deposits/deposits.service';
import type { IdentityService } from '../identity/identity.service';
import type { StaffService } from '../staff/staff.service';
import type { WithdrawalsService } from '../withdrawals/withdrawals.service';

// The demo desk (issue 18): in demo mode a labelled robot plays the operator, so a newcomer alone
// goes from sign-up to a verified, funded account. It decides submitted identities, deposit
// announcements and withdrawals a short visible delay after they arrive (a delayed job,
// `jobs/demo-desk.job.ts`), through the same review services and the same checks as a person
// (`reviewFindings`: the ID number's check, the photos, the proof, the withdrawal rules), with its
// own staff account (role `demo_desk`) so every decision is audited like a person's and the user
// is told who decided. It cannot act in live mode: its account is never created there, one left
// from demo mode is disabled at start, and a decision it tries is refused and logged.

export const demoDeskItemKinds = ['identity', 'deposit', 'withdrawal'] as const;
export type DemoDeskItemKind = (typeof demoDeskItemKinds)[number];
export type DemoDeskItem = { kind: DemoDeskItemKind; id: bigint };

/** The desk's state after start: deciding, turned off (DEMO_DESK=off), or absent (live mode). */
export type DemoDeskState = { state: 'on'; delaySeconds: number } | { state: 'off' } | { state: 'live' };

/** Where the desk reports what it refused; pino's logger fits (the app passes its own). */
export type DemoDeskLog = {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
};

/** The reason recorded with an approval (the audit log's "why"). */
export const DEMO_DESK_APPROVAL_REASON =
  'Demo desk: every check a reviewer makes passed (automatic in demo mode)';

const silentLog: DemoDeskLog = { info: () => undefined, error: () => undefined };

export function createDemoDeskService(deps: {
  config: Config;
  clock: Clock;
  staff: StaffService;
  identity: IdentityService;
  deposits: DepositsService;
  withdrawals: WithdrawalsService;
  log?: DemoDeskLog;
}) {
  const { config, clock, staff, identity, deposits, withdrawals } = deps;
  const log = deps.log ?? silentLog;
  const reviewers = { identity, deposit: deposits, withdrawal: withdrawals } as const;
  const isDeciding = () => config.mode === 'demo' && config.demoDesk.isOn;

  /** The desk's actor for the audit log; refused (and logged) outside demo mode or when off. */
  async function actorFor(item: DemoDeskItem): Promise<StaffActor> {
    const account = isDeciding() ? await staff.demoDeskAccount() : undefined;
    if (!account || account.disabledAt) {
      log.error(
        { item: { kind: item.kind, id: item.id.toString() }, mode: config.mode, isOn: config.demoDesk.isOn },
        `demo desk: decision refused (${config.mode === 'live' ? 'live mode' : !config.demoDesk.isOn ? 'DEMO_DESK=off' : 'its account is missing or disabled'})`,
      );
      throw new DomainError('DEMO_DESK_NOT_ALLOWED');
    }
    return { staffId: account.id, username: account.username };
  }

  return {
    isDeciding,

    /** When an item submitted now is decided: DEMO_DESK_DELAY_SECONDS later, on the injected clock. */
    decisionTime(): Date {
      return new Date(clock.now().getTime() + config.demoDesk.delaySeconds * 1_000);
    },

    /**
     * At every start, after the first-start set-up. Demo mode: the demo deposit channels, and the
     * desk's account when the desk is on. Live mode: no account is created, and one left from demo
     * mode is disabled (audited).
     */
    async prepareAtStart(): Promise<DemoDeskState> {
      if (config.mode === 'live') {
        if (await staff.disableDemoDeskAccount('Live mode: the demo desk cannot decide anything')) {
          log.info({}, 'demo desk: its account, left from demo mode, is disabled (live mode)');
        }
        return { state: 'live' };
      }
      await deposits.ensureDemoChannels();
      if (!config.demoDesk.isOn) return { state: 'off' };
      await staff.ensureDemoDeskAccount();
      return { state: 'on', delaySeconds: config.demoDesk.delaySeconds };
    },

    /**
     * Decides one item as a reviewer would: rejects with the catalogued reason of the first check
     * that fails, approves otherwise. Answers the decision, or null when there was nothing to
     * decide (gone, or decided already by a person). DEMO_DESK_NOT_ALLOWED outside demo mode.
     */
    async decide(item: DemoDeskItem): Promise<{ decision: 'approve' | 'reject'; reason: string } | null> {
      const actor = await actorFor(item);
      const reviewer = reviewers[item.kind];
      const finding: ErrorCode | null = await reviewer.reviewFindings(item.id);
      if (finding === 'RECORD_NOT_FOUND') return null;
      const decision = finding ? 'reject' : 'approve';
      const reason = finding ?? DEMO_DESK_APPROVAL_REASON;
      try {
        await reviewer.review(actor, { id: item.id.toString(), decision, reason });
      } catch (error) {
        // A person decided it during the delay: theirs stands.
        if (error instanceof DomainError && error.code === 'ALREADY_PROCESSED') return null;
        throw error;
      }
      return { decision, reason };
    },
  };
}

export type DemoDeskService = ReturnType<typeof createDemoDeskService>;

import {
  DomainError,
  MARGIN_EXPERIENCE_RULE,
  MARGIN_RULES,
  marginClasses,
  type MarginAccountState,
  type MarginAnswers,
} from '@beurs/contract';
import type { Language } from '@beurs/i18n';
import type { Clock } from '../../core/clock';
import type { Database } from '../../db/database';
import { isPgError } from '../../db/database';
import { canonicalJson } from '../../ledger/ledger-hashing';
import type { AuditService } from '../audit/audit.service';
import type { IdentityService } from '../identity/identity.service';
import type { MarketService } from '../market/market.service';
import type { UsersService } from '../users/users.service';
import { classRule, leverageMax, marginClassOf } from './margin-classes';
import { renderDisclosure, type MarginRate } from './margin-disclosure';
import { scoreMarginAnswers } from './margin-scoring';
import * as repository from './margin.repository';
import type { MarginAccountRow, MarginTestRow } from './margin.repository';

// The margin account (issue 16, item 1; DESIGN.md §1 rule 15). Opening it: identity verified, the
// appropriateness test passed by the published rule (a failed test can be taken again after
// MARGIN_RULES.retakeDays), then the risk disclosure accepted in the version and hash shown. Each
// step is stored and audited with the user as the actor. The account is open only while the
// acceptance names a test whose stored answers pass when re-scored now: the stored score is a
// record, never the authority, so a score edited in the database opens nothing; and answers edited
// in the database no longer match the audit entry written with them, which closes the account.
//
// Leverage and short selling are not built: `requireMarginEnabled` is the check the trading module
// calls once its ticket has a leverage or a direction (it has neither today).

const DAY_MS = 24 * 60 * 60 * 1000;

export function createMarginService(deps: {
  db: Database;
  clock: Clock;
  audit: Pick<AuditService, 'record' | 'list'>;
  identity: Pick<IdentityService, 'requireVerified'>;
  market: Pick<MarketService, 'provider'>;
  users: Pick<UsersService, 'lock' | 'findByAccount'>;
  rate: MarginRate;
}) {
  const { db, clock, audit, identity, market, users, rate } = deps;

  const retakeFrom = (row: MarginTestRow) =>
    new Date(row.takenAt.getTime() + MARGIN_RULES.retakeDays * DAY_MS);

  function testView(row: MarginTestRow) {
    const score = scoreMarginAnswers(row.answers);
    return {
      id: row.id.toString(),
      answers: row.answers,
      knowledgeCorrect: score.knowledgeCorrect,
      knowledgeTotal: score.knowledgeTotal,
      isExperienceMet: score.isExperienceMet,
      isPassed: score.isPassed,
      wrong: score.wrong,
      takenAt: row.takenAt.toISOString(),
      retakeFrom: score.isPassed ? null : retakeFrom(row).toISOString(),
    };
  }

  const accountView = (row: MarginAccountRow) => ({
    openedAt: row.acceptedAt.toISOString(),
    disclosureVersion: row.disclosureVersion,
    disclosureHash: row.disclosureHash,
    disclosureLanguage: row.disclosureLanguage,
    testId: row.testId.toString(),
  });

  /** Whether the test's answers are those its audit entry (hash-chained, ADR 0006) recorded. */
  async function isAsRecorded(test: MarginTestRow): Promise<boolean> {
    const { items } = await audit.list({
      page: 1,
      pageSize: 1,
      targetType: 'margin_test',
      targetId: test.id.toString(),
      action: 'margin.test_taken',
    });
    const recorded = items[0]?.after as { answers?: unknown } | undefined;
    return (
      recorded?.answers !== undefined &&
      canonicalJson(recorded.answers as Record<string, string>) === canonicalJson(test.answers)
    );
  }

  /**
   * The acceptance, if its test passes when its answers are re-scored by the rule now and those
   * answers are the ones the audit log recorded when it was taken: the account is open.
   */
  async function openAccount(userId: bigint) {
    const account = await repository.accountOfUser(db, userId);
    if (!account) return null;
    const test = await repository.testById(db, account.testId);
    if (!test || test.userId !== userId || !scoreMarginAnswers(test.answers).isPassed) return null;
    if (!(await isAsRecorded(test))) return null;
    return account;
  }

  const rule = {
    knowledgeCorrectMinimum: MARGIN_RULES.knowledgeCorrectMinimum,
    knowledgeTotal: scoreMarginAnswers({}).knowledgeTotal,
    retakeDays: MARGIN_RULES.retakeDays,
    experienceOptionsAccepted: Object.fromEntries(
      Object.entries(MARGIN_EXPERIENCE_RULE).map(([question, options]) => [question, [...options]]),
    ),
  };

  async function status(userId: bigint, language: Language) {
    const [latest, account, disclosure] = await Promise.all([
      repository.latestTest(db, userId),
      openAccount(userId),
      renderDisclosure(language, rate),
    ]);
    const test = latest ? testView(latest) : null;
    const state: MarginAccountState = account
      ? 'open'
      : !test
        ? 'not_started'
        : test.isPassed
          ? 'test_passed'
          : 'test_failed';
    return { state, test, account: account ? accountView(account) : null, rule, disclosure };
  }

  return {
    status,

    /** Takes the test: scored, stored and audited in one transaction under the user's lock. */
    async submitTest(userId: bigint, answers: MarginAnswers) {
      await identity.requireVerified(userId);
      const row = await db.transaction(async (tx) => {
        await users.lock(tx, userId);
        const latest = await repository.latestTest(tx, userId);
        if (latest && scoreMarginAnswers(latest.answers).isPassed) {
          throw new DomainError('MARGIN_TEST_ALREADY_PASSED');
        }
        const now = clock.now();
        if (latest && now < retakeFrom(latest)) {
          throw new DomainError('MARGIN_TEST_RETAKE_TOO_SOON', {
            retakeFrom: retakeFrom(latest).toISOString(),
          });
        }
        const score = scoreMarginAnswers(answers);
        const inserted = await repository.insertTest(tx, {
          userId,
          answers: { ...answers },
          knowledgeCorrect: score.knowledgeCorrect,
          isExperienceMet: score.isExperienceMet,
          isPassed: score.isPassed,
          takenAt: now,
        });
        await audit.record(
          tx,
          { userId },
          {
            action: 'margin.test_taken',
            targetType: 'margin_test',
            targetId: inserted.id,
            reason: 'appropriateness test for a margin account',
            before: null,
            after: {
              answers: inserted.answers,
              knowledgeCorrect: score.knowledgeCorrect,
              isExperienceMet: score.isExperienceMet,
              isPassed: score.isPassed,
            },
          },
        );
        return inserted;
      });
      return testView(row);
    },

    /** Accepts the risk disclosure after a passed test; the account is then open. */
    async accept(
      userId: bigint,
      input: { language: Language; disclosureVersion: string; disclosureHash: string; accepts: boolean },
    ) {
      await identity.requireVerified(userId);
      if (await openAccount(userId)) throw new DomainError('MARGIN_ACCOUNT_ALREADY_OPEN');
      const disclosure = await renderDisclosure(input.language, rate);
      try {
        await db.transaction(async (tx) => {
          await users.lock(tx, userId);
          if (await repository.accountOfUser(tx, userId))
            throw new DomainError('MARGIN_ACCOUNT_ALREADY_OPEN');
          const test = await repository.latestTest(tx, userId);
          if (!test || !scoreMarginAnswers(test.answers).isPassed)
            throw new DomainError('MARGIN_TEST_NOT_PASSED');
          if (!input.accepts) throw new DomainError('MARGIN_DISCLOSURE_NOT_ACCEPTED');
          if (input.disclosureVersion !== disclosure.version || input.disclosureHash !== disclosure.hash) {
            throw new DomainError('MARGIN_DISCLOSURE_OUTDATED', { version: disclosure.version });
          }
          const account = await repository.insertAccount(tx, {
            userId,
            testId: test.id,
            disclosureVersion: disclosure.version,
            disclosureLanguage: disclosure.language,
            disclosureHash: disclosure.hash,
            acceptedAt: clock.now(),
          });
          await audit.record(
            tx,
            { userId },
            {
              action: 'margin.disclosure_accepted',
              targetType: 'margin_account',
              targetId: account.id,
              reason: 'risk disclosure accepted; margin account opened',
              before: null,
              after: {
                testId: test.id,
                disclosureVersion: account.disclosureVersion,
                disclosureLanguage: account.disclosureLanguage,
                disclosureHash: account.disclosureHash,
                acceptedAt: account.acceptedAt,
              },
            },
          );
        });
      } catch (error) {
        if (isPgError(error, '23505')) throw new DomainError('MARGIN_ACCOUNT_ALREADY_OPEN');
        throw error;
      }
      return status(userId, input.language);
    },

    /**
     * For trading (leverage above 1×, a short): MARGIN_NOT_ENABLED unless the margin account is open,
     * its test re-scored by the rule still passing.
     */
    async requireMarginEnabled(userId: bigint): Promise<void> {
      if (!(await openAccount(userId))) throw new DomainError('MARGIN_NOT_ENABLED');
    },

    /** Staff: the margin account's state and test score, for the back-office user page. */
    async staffSummary(accountName: string) {
      const user = await users.findByAccount(accountName);
      if (!user) throw new DomainError('ACCOUNT_NOT_FOUND');
      const [latest, account] = await Promise.all([repository.latestTest(db, user.id), openAccount(user.id)]);
      return {
        openedAt: account?.acceptedAt.toISOString() ?? null,
        test: latest ? testView(latest) : null,
      };
    },

    /** The published parameters: the rate, the classes and each tradable instrument's class. */
    parameters() {
      const classes = marginClasses.map((marginClass) => {
        const rule = classRule(marginClass);
        return { ...rule, leverageMax: leverageMax(rule.initialBasisPoints) };
      });
      const instruments = market.provider
        .instruments()
        .filter((instrument) => instrument.kind !== 'index' && instrument.kind !== 'forex')
        .map((instrument) => {
          const margin = marginClassOf(instrument);
          return {
            symbol: instrument.symbol,
            code: instrument.code,
            name: instrument.name,
            currency: instrument.currency,
            ...margin,
            leverageMax: leverageMax(margin.initialBasisPoints),
          };
        });
      return {
        rate: {
          benchmarkName: rate.benchmarkName,
          benchmarkBasisPoints: rate.benchmarkBasisPoints,
          spreadBasisPoints: rate.spreadBasisPoints,
          annualRateBasisPoints: rate.benchmarkBasisPoints + rate.spreadBasisPoints,
          dayCountBasis: MARGIN_RULES.interestDayCountBasis,
        },
        classes,
        largeCapMinimum: MARGIN_RULES.largeCapMinimum.toString(),
        liquidityMinimum: MARGIN_RULES.liquidityMinimum.toString(),
        instruments,
      };
    },
  };
}

export type MarginService = ReturnType<typeof createMarginService>;

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, call, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin, callAdmin } from '../staff-auth/admin-test-support';
import { fundedUser } from '../withdrawals/withdrawal-test-support';

// The placement allocation as a property, through the server (issue 17 item 4): for random
// blocks, lots, fees and requests, the allocation at the close never passes the block, gives each
// request a whole number of lots and never more than it asked, and for every request what was
// paid plus what was released equals what was frozen; every user's frozen money is back to 0 and
// the ledger verifies. Each run is a new placement on the injected clock, 30 minutes after the last.

let testApp: TestApp;
type User = { token: string; account: string };
const users: User[] = [];
const MINUTE = 60_000;

beforeAll(async () => {
  testApp = await buildTestApp();
  testApp.clock.set('2026-11-20T10:00:00Z');
  const admin = await adminLogin(testApp);
  for (let index = 0; index < 4; index += 1) users.push(await fundedUser(testApp, admin, '45000.00'));
}, 120_000);
afterAll(() => testApp.close());

const cents = (text: string) => BigInt(text.replace('.', ''));
const post = async (path: string, payload: unknown, user: User) =>
  (await call(testApp.app, path, payload, user)).json();

describe('placement allocation through the server', () => {
  it('sum ≤ block, whole lots, each ≤ request, paid + released = frozen', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          lotSize: fc.constantFrom(1, 10, 100),
          blockLots: fc.integer({ min: 1, max: 30 }),
          feeBasisPoints: fc.integer({ min: 0, max: 50 }),
          // Lots per request, per user: up to two requests each (0 = none).
          requests: fc.array(fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 2 }), {
            minLength: 4,
            maxLength: 4,
          }),
        }),
        async ({ lotSize, blockLots, feeBasisPoints, requests }) => {
          run += 1;
          const start = Date.parse('2026-11-20T10:00:00Z') + run * 30 * MINUTE;
          testApp.clock.set(new Date(start).toISOString());
          const admin = await adminLogin(testApp);
          const created = (
            await callAdmin(
              testApp,
              '/placement/create',
              {
                symbol: 'ABI.BR',
                name: `ABI block ${run}`,
                price: '1.2345',
                blockQuantity: String(blockLots * lotSize),
                lotSize: String(lotSize),
                minimumQuantity: String(lotSize),
                dailyLimit: String(24 * lotSize),
                feeBasisPoints,
                feeMinimum: '0.50',
                opensAt: new Date(start + MINUTE).toISOString(),
                closesAt: new Date(start + 20 * MINUTE).toISOString(),
                reason: 'property run',
              },
              admin,
            )
          ).json();
          expect(created.status, JSON.stringify(created)).toBe(1);
          const id = created.data.id as string;
          testApp.clock.set(new Date(start + 2 * MINUTE).toISOString());
          const asked = new Map<string, number>();
          for (const [index, lots] of requests.entries()) {
            for (const count of lots) {
              const answer = (
                await callWithKey(
                  testApp,
                  '/placement/subscribe',
                  { id, quantity: String(count * lotSize) },
                  users[index]!,
                )
              ).json();
              expect(answer.status, JSON.stringify(answer)).toBe(1);
              asked.set(answer.data.id, count * lotSize);
            }
          }
          testApp.clock.set(new Date(start + 21 * MINUTE).toISOString());
          expect(await testApp.app.services.placements.allocateDue()).toBe(1);
          let allocated = 0;
          for (const user of users) {
            for (const row of (await post('/placement/subscriptions', { pageSize: 100 }, user)).data.items) {
              if (row.placementId !== id) continue;
              const quantity = Number(row.allocatedQuantity);
              expect(quantity % lotSize).toBe(0);
              expect(quantity).toBeLessThanOrEqual(asked.get(row.id)!);
              expect(cents(row.paid) + cents(row.released)).toBe(cents(row.frozen));
              if (quantity === 0) expect(row.paid).toBe('0.00');
              allocated += quantity;
            }
            const { balances } = (await post('/user/getUserinfo', undefined, user)).data;
            expect(balances.find((balance: { currency: string }) => balance.currency === 'EUR').frozen).toBe(
              '0.00',
            );
          }
          const requested = [...asked.values()].reduce((sum, quantity) => sum + quantity, 0);
          expect(allocated).toBe(Math.min(requested, blockLots * lotSize));
        },
      ),
      { numRuns: 12, endOnFailure: true },
    );
    const report = await verifyLedger(testApp.database.db);
    expect(report.breaches).toEqual([]);
  }, 300_000);
});

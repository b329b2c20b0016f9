import { describe, expect, it } from 'vitest';
import { checkAnswer, fakeServer, FixtureDriftError, ok, refusal, takeDrift, type Data } from './fake-server';

// The fake server checks every success answer against the contract's response schema of its
// path (userApi[path].data), so a fixture cannot drift from what the real server answers.

const rules: Data<'/cashOut/rules'> = {
  currency: 'EUR',
  minimum: '100.00',
  fee: '2.50',
  minimumPayout: '97.50',
  withdrawable: '1500.00',
  hours: { opens: '09:00', closes: '17:00', timeZone: 'Europe/Brussels', businessDaysOnly: true },
  decisionWithinHours: 24,
  rules: [{ id: 'minimum', isMet: true }],
};

describe('fake server fixtures', () => {
  it('passes an answer that matches the contract', async () => {
    const server = fakeServer({ '/cashOut/rules': () => ok(rules) });
    const response = await server.fetch('/api/vue/cashOut/rules', { method: 'POST', body: '{}' });
    expect(await response.json()).toEqual({ status: 1, msg: '', data: rules });
    expect(takeDrift()).toEqual([]);
  });

  it('refuses an answer the contract would not send, and reports it to the test setup', async () => {
    // Fixtures are typed, so drift needs a cast to get past the compiler: an amount as a number,
    // a currency the contract does not know.
    const drifted = { ...rules, minimum: 100, currency: 'GBP' } as unknown as Data<'/cashOut/rules'>;
    const server = fakeServer({ '/cashOut/rules': () => ok(drifted) });
    const error = await server
      .fetch('/api/vue/cashOut/rules', { method: 'POST', body: '{}' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FixtureDriftError);
    expect((error as Error).message).toMatch(
      /^the fixture for \/cashOut\/rules does not match the contract: /,
    );
    expect((error as Error).message).toContain('currency');
    expect((error as Error).message).toContain('minimum');
    expect(takeDrift()).toHaveLength(1);
  });

  it('checks each call by its own schema: a field one answer lacks', () => {
    expect(() => checkAnswer('/user/register', ok({}))).toThrow(FixtureDriftError);
    expect(() => checkAnswer('/user/register', ok({ account: '32470000001' }))).not.toThrow();
    // Refusals carry no data; raw answers for paths outside the contract are the test's own.
    expect(() => checkAnswer('/user/register', refusal('ACCOUNT_EXISTS'))).not.toThrow();
    expect(() => checkAnswer('/not/in/the/contract', ok({ anything: 1 }))).not.toThrow();
  });

  it('types fixtures by endpoint', () => {
    const never = () => {
      // @ts-expect-error -- the currency is EUR or USD.
      fakeServer({ '/cashOut/rules': () => ok({ ...rules, currency: 'GBP' as const }) });
      // @ts-expect-error -- no such call in the contract.
      fakeServer({ '/cashOut/everything': () => ok(null) });
      // @ts-expect-error -- INSUFFICIENT_AVAILABLE needs its currency and available amount.
      refusal('INSUFFICIENT_AVAILABLE', { currency: 'EUR' });
    };
    expect(never).toBeTypeOf('function');
  });
});

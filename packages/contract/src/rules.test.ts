import { describe, expect, it } from 'vitest';
import { accountSchema, fundPasswordSchema, passwordSchema } from './index';
import { isValidBic, isValidIban, normaliseBic, normaliseIban } from './rules';

describe('IBAN and BIC', () => {
  it('checks the IBAN per country (length, format, mod 97), however it was typed', () => {
    expect(isValidIban('BE68 5390 0754 7034')).toBe(true);
    expect(isValidIban('be68539007547034')).toBe(true);
    expect(isValidIban('BE68 5390 0754 7035')).toBe(false);
    expect(isValidIban('NL91ABNA0417164300')).toBe(true);
    expect(isValidIban('BE68')).toBe(false);
    // Mod 97 holds but Belgium has 16 characters, not 17.
    expect(isValidIban('BE975390075470340')).toBe(false);
    expect(normaliseIban(' be68 5390 0754 7034 ')).toBe('BE68539007547034');
  });

  it('checks the BIC shape and country', () => {
    expect(isValidBic('GKCCBEBB')).toBe(true);
    expect(isValidBic('gkcc be bb xxx')).toBe(true);
    expect(isValidBic('GKCC')).toBe(false);
    expect(isValidBic('GKCCZZBB')).toBe(false);
    expect(normaliseBic(' gkcc bebb ')).toBe('GKCCBEBB');
  });
});

describe('the wire schemas use the same rules', () => {
  it('account: 6 to 15 digits', () => {
    expect(accountSchema.safeParse('123456').success).toBe(true);
    expect(accountSchema.safeParse('12345').success).toBe(false);
    expect(accountSchema.safeParse('1234567890123456').success).toBe(false);
  });
  it('passwords: at least 6 characters; fund password: six digits', () => {
    expect(passwordSchema.safeParse('12345').success).toBe(false);
    expect(passwordSchema.safeParse('123456').success).toBe(true);
    expect(fundPasswordSchema.safeParse('12345a').success).toBe(false);
    expect(fundPasswordSchema.safeParse('135790').success).toBe(true);
  });
});

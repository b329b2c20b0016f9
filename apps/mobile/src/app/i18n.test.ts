import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, describeError } from './i18n';

// A refusal's parameters that carry a code of the catalogue are named in the user's language: a
// withdrawal bar says its listed reason (issue 12, item 3), never staff's own words.

afterEach(() => changeLanguage('en'));

describe('describeError', () => {
  it("names a withdrawal bar's listed reason and its end in the user's language", async () => {
    const refusal = {
      code: 'WITHDRAWAL_BARRED',
      params: { barReason: 'suspected_account_takeover', until: '2026-12-20T10:00:00.000Z' },
    } as const;
    expect(describeError(refusal)).toMatch(
      /^Withdrawals from this account are barred until 2026\.12\.20 .*: suspected takeover of your account\./,
    );
    await changeLanguage('zh');
    expect(describeError(refusal)).toContain('原因：疑似帳戶遭盜用');
  });
});

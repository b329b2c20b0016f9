import { screen } from '@testing-library/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../app/i18n';
import { configEntries, ok } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

// "How Beurs works" says only what is built: free funds can always be withdrawn, within the
// withdrawal hours on business days (not "always" without the hours).

afterEach(() => changeLanguage('en'));

describe('how Beurs works', () => {
  it('says when free funds can be withdrawn', async () => {
    renderApp('/login/start1', { '/common/config': () => ok(configEntries('demo')) });
    expect(
      await screen.findByText(
        'Your free funds can always be withdrawn, on business days within the withdrawal hours. Every rule is shown before you start.',
      ),
    ).toBeTruthy();
    await changeLanguage('zh');
    expect(
      await screen.findByText('您的可用資金隨時可以出金（於營業日的出金時段內）。所有規則事先列明。'),
    ).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../app/i18n';
import { configEntries, ok } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';
import { feesFixture } from '../../../test/trade-fixtures';
import { languages, loadMessages } from '@beurs/i18n';

// The about texts name the published fee schedule and lead to it (issue 11 item 3), in every
// language; and they describe the markets Beurs serves, crypto included (DESIGN.md §1 rule 13).

beforeEach(() => {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
});

const handlers = {
  '/common/config': () => ok(configEntries('demo')),
  '/trade/fees': () => ok(feesFixture()),
};

describe('about texts and the fee schedule', () => {
  it('About us names the fee schedule and links to it', async () => {
    const { router } = renderApp('/information/aboutUs1', handlers);
    const document = await screen.findByTestId('document-aboutUs');
    expect(document.textContent).toContain('published under Fees and taxes');
    fireEvent.click(screen.getByTestId('document-fees-link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/trade/fees'));
  });

  it('the documents menu and the about screen list the fee schedule', async () => {
    renderApp('/information/aboutUs', handlers);
    expect((await screen.findByTestId('menu-fees')).textContent).toBe('Fees and taxes');
  });

  it.each(languages)(
    'in %s the about text names the fee screen by its title, TOB and crypto',
    async (language) => {
      const messages = (await loadMessages(language)) as unknown as {
        titles: { fees: string };
        docs: { aboutUs: string[] };
      };
      const about = messages.docs.aboutUs.join(' ');
      expect(about).toContain(messages.titles.fees);
      expect(about).toContain('TOB');
      expect(about.toLowerCase()).toMatch(/crypto|krypto|加密|암호화폐/);
    },
  );

  it('shows the link in Dutch', async () => {
    await changeLanguage('nl');
    try {
      renderApp('/information/aboutUs1', handlers);
      expect((await screen.findByTestId('document-fees-link')).textContent).toBe('Kosten en taksen');
    } finally {
      await changeLanguage('en');
    }
  });
});

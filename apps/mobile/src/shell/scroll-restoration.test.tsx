import { screen } from '@testing-library/dom';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configEntries, ok } from '../test/fake-server';
import { renderApp } from '../test/render-app';

// A new screen opens at its top: the window's scroll is not carried over from the screen before
// (a ticket scrolled down to its confirm button used to open the positions screen below its tabs).

describe('scroll on navigation', () => {
  afterEach(() => vi.restoreAllMocks());

  it('scrolls to the top when another screen opens', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { router } = renderApp('/login/start', { '/common/config': () => ok(configEntries('demo')) });
    await screen.findByTestId('demo-banner');
    scrollTo.mockClear();
    await act(() => router.navigate('/login/register'));
    await screen.findByRole('button', { name: 'Create account' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});

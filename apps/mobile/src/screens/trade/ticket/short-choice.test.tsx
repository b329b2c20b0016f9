import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { kbcPreview } from '../../../test/trade-fixtures';
import { CostBlock } from './CostBlock';
import { ShortChoice } from './ShortChoice';

// The ticket's Long/Short choice and the cost block of a short sale (issue 16 item 3): the borrow
// fee and the initial margin shown before confirming; no new short while the channel is paused.

const lendable = {
  symbol: 'KBC.BR',
  code: 'KBC',
  name: 'KBC Group',
  currency: 'EUR',
  isChannelOpen: true,
  borrowFeeBasisPoints: 300,
  initialBasisPoints: 5000,
};

describe('Long/Short on the ticket', () => {
  it('offers a short sale with its borrow fee and initial margin', async () => {
    const onChange = vi.fn();
    render(<ShortChoice instrument={lendable} side="sell" isOn={false} onChange={onChange} />);
    expect(screen.getByTestId('ticket-short-terms').textContent).toContain('borrow fee 3.00 % a year');
    expect(screen.getByTestId('ticket-short-terms').textContent).toContain('initial margin 50.00 %');
    expect(screen.getByTestId('direction-long').getAttribute('aria-checked')).toBe('true');
    await userEvent.click(screen.getByTestId('direction-short'));
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('takes no new short while lending is paused for the instrument', () => {
    render(
      <ShortChoice
        instrument={{ ...lendable, isChannelOpen: false }}
        side="sell"
        isOn={false}
        onChange={vi.fn()}
      />,
    );
    expect(screen.getByTestId('direction-short')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('ticket-short-terms').textContent).toContain('Lending is paused');
  });

  it('shows the initial margin held and the daily borrow fee in the cost block', () => {
    const preview = kbcPreview({
      side: 'sell',
      margin: {
        leverage: '1.00',
        leverageMax: '1.00',
        marginUsed: '260.70',
        borrowed: '0.00',
        buyingPower: '1000.00',
        annualRateBasisPoints: 0,
        dailyInterest: '0.00',
        short: {
          initialMarginBasisPoints: 5000,
          initialMargin: '260.70',
          borrowFeeBasisPoints: 300,
          dailyBorrowFee: '0.04',
          poolAvailable: '15',
        },
      },
    });
    render(<CostBlock preview={preview} />);
    expect(screen.getByTestId('cost-short-margin').textContent).toContain('260.70');
    expect(screen.getByText('Borrow fee: 3.00 % a year')).toBeTruthy();
    expect(screen.getByText('Initial margin held (50.00 %)')).toBeTruthy();
    expect(screen.getByTestId('cost-borrow-fee').textContent).toContain('0.04');
    expect(screen.queryByTestId('cost-interest')).toBeNull();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bytesOfBase64 } from '../../features/trading/report-file';
import { configEntries, ok, type Recorded } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { orderPage, positionPage } from '../../test/trade-fixtures';

// The year's trade report from the positions screen: a CSV and a PDF button side by side; each
// asks the server for the chosen year and hands the file, as the server made it, to the browser.

const PDF = '%PDF-1.3\n% a report\n%%EOF\n';
const CSV = '"kind","date_utc"\r\n"dividend","2025-05-06T15:00:00.000Z"\r\n';
const saved: { name: string; blob: Blob }[] = [];

beforeEach(() => {
  saved.length = 0;
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
  vi.stubGlobal(
    'WebSocket',
    class {
      close() {}
    },
  );
  let next: Blob | null = null;
  URL.createObjectURL = (blob: Blob) => {
    next = blob;
    return 'blob:report';
  };
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (next) saved.push({ name: this.download, blob: next });
  });
});
afterEach(() => vi.restoreAllMocks());

const calls = (requests: Recorded[], path: string) => requests.filter((request) => request.path === path);

const render = () =>
  renderApp('/trade/index', {
    '/common/config': () => ok(configEntries('demo')),
    '/trade/positions': () => ok(positionPage([])),
    '/trade/orders': () => ok(orderPage([])),
    '/user/getUserinfo': () =>
      ok({
        is_true: 1,
        realname: 'Marie Dubois',
        account: '32470000001',
        identityState: 'authenticated',
        invitationCode: 'X',
        balances: [],
        restrictions: [],
        createdAt: '2024-06-01T10:00:00.000Z',
      }),
    '/trade/report': (body) =>
      ok({
        year: body.year,
        fileName: `beurs-trades-${body.year}.csv`,
        contentType: 'text/csv',
        csv: CSV,
        totals: [],
      }),
    '/trade/reportPdf': (body) =>
      ok({
        year: body.year,
        fileName: `beurs-trades-${body.year}.pdf`,
        contentType: 'application/pdf',
        pdf: btoa(PDF),
      }),
  });

describe('trade report', () => {
  it('offers every year of the account and downloads the PDF and the CSV of the chosen one', async () => {
    const { server } = render();
    const year = (await screen.findByTestId('trade-report-year')) as HTMLSelectElement;
    const thisYear = new Date().getUTCFullYear();
    await waitFor(() => expect(year.options.length).toBe(thisYear - 2024 + 1));
    expect(year.value).toBe(String(thisYear));
    fireEvent.change(year, { target: { value: '2025' } });

    fireEvent.click(screen.getByTestId('trade-report-pdf'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(calls(server.requests, '/trade/reportPdf').map((request) => request.body)).toEqual([
      { year: 2025 },
    ]);
    expect(saved[0]?.name).toBe('beurs-trades-2025.pdf');
    expect(saved[0]?.blob.type).toBe('application/pdf');
    expect(new TextDecoder().decode(await saved[0]?.blob.arrayBuffer())).toBe(PDF);

    fireEvent.click(screen.getByTestId('trade-report-csv'));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(calls(server.requests, '/trade/report').map((request) => request.body)).toEqual([{ year: 2025 }]);
    expect(saved[1]?.name).toBe('beurs-trades-2025.csv');
    expect(await saved[1]?.blob.text()).toBe(CSV);
    expect(await screen.findByText('Saved beurs-trades-2025.csv')).toBeTruthy();
  });

  it('decodes base64 to the exact bytes', () => {
    expect([...bytesOfBase64(btoa('\u0000\u00ff%PDF'))]).toEqual([0, 255, 37, 80, 68, 70]);
  });
});

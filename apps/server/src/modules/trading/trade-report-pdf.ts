import PDFDocument from 'pdfkit';
import type { ReportLine, ReportTotals } from './trade-report';

// The year's trade report as a PDF: the same lines and totals as the CSV (trade-report.ts), on A4
// landscape in the PDF standard font (Helvetica, no font file to ship), with the account, the
// year, the time it was made and where its figures come from. The CSV keeps every column; the
// PDF prints those an accountant reads and names the ledger entry of each line.

export type TradeReportPdfInput = {
  year: number;
  account: string;
  /** The verified real name, when the identity is verified. */
  holderName: string | null;
  generatedAt: Date;
  /** The market source the prices came from ('Beurs simulator (demo)'). */
  marketSource: string;
  isDemo: boolean;
  lines: readonly ReportLine[];
  totals: readonly ReportTotals[];
};

type Column = {
  title: string;
  width: number;
  isNumber?: boolean;
  value: (line: ReportLine) => string;
};

const dateTime = (iso: string) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : '');

const LINE_COLUMNS: readonly Column[] = [
  { title: 'Date (UTC)', width: 64, value: (line) => dateTime(line.date_utc) },
  { title: 'Type', width: 36, value: (line) => (line.kind === 'fill' ? line.side : 'dividend') },
  { title: 'Symbol', width: 46, value: (line) => line.symbol },
  { title: 'Quantity', width: 44, isNumber: true, value: (line) => line.quantity },
  {
    title: 'Price / per share',
    width: 56,
    isNumber: true,
    value: (line) => line.price || line.dividend_per_share,
  },
  { title: 'Ccy', width: 22, value: (line) => line.currency },
  { title: 'Gross', width: 52, isNumber: true, value: (line) => line.gross },
  { title: 'Fee', width: 38, isNumber: true, value: (line) => line.fee },
  {
    title: 'TOB (rate)',
    width: 62,
    isNumber: true,
    value: (line) =>
      line.kind !== 'fill'
        ? ''
        : line.tob_class === 'none'
          ? 'none'
          : `${line.tob_amount} (${line.tob_rate_percent} %)`,
  },
  {
    title: 'Withheld abroad / BE',
    width: 72,
    isNumber: true,
    value: (line) =>
      line.kind === 'dividend' ? `${line.withholding_foreign} / ${line.withholding_belgian}` : '',
  },
  {
    title: 'Paid / received',
    width: 66,
    isNumber: true,
    value: (line) => `${line.total_paid_or_received} ${line.pay_currency}`,
  },
  { title: 'FX rate', width: 42, isNumber: true, value: (line) => line.fx_applied_rate },
  { title: 'Realised P&L', width: 50, isNumber: true, value: (line) => line.realised_pnl },
  { title: 'Settles', width: 46, value: (line) => line.settles_on },
  { title: 'Entry', width: 32, isNumber: true, value: (line) => line.ledger_entry },
];

type TotalColumn = {
  title: string;
  width: number;
  isNumber?: boolean;
  value: (total: ReportTotals) => string;
};

const TOTAL_COLUMNS: readonly TotalColumn[] = [
  { title: 'Ccy', width: 30, value: (total) => total.currency },
  { title: 'Fills', width: 30, isNumber: true, value: (total) => String(total.fills) },
  { title: 'Bought', width: 62, isNumber: true, value: (total) => total.bought },
  { title: 'Sold', width: 62, isNumber: true, value: (total) => total.sold },
  { title: 'Fees', width: 52, isNumber: true, value: (total) => total.fees },
  { title: 'TOB', width: 52, isNumber: true, value: (total) => total.tob },
  { title: 'Realised P&L', width: 62, isNumber: true, value: (total) => total.realisedPnl },
  { title: 'Dividends', width: 46, isNumber: true, value: (total) => String(total.dividends) },
  { title: 'Dividends gross', width: 66, isNumber: true, value: (total) => total.dividendsGross },
  { title: 'Withheld abroad', width: 66, isNumber: true, value: (total) => total.withholdingForeign },
  { title: 'Withheld BE', width: 62, isNumber: true, value: (total) => total.withholdingBelgian },
  { title: 'Dividends net', width: 62, isNumber: true, value: (total) => total.dividendsNet },
];

const MARGIN = 36;
const ROW_HEIGHT = 11;
const FONT_SIZE = 7;

/** Characters the standard font can print (Latin-1); others become '?' rather than garbage. */
const printable = (text: string) => text.replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '?');

export async function tradeReportPdf(input: TradeReportPdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `Beurs trade report ${input.year}`,
      Author: 'Beurs',
      Subject: `Account ${printable(input.account)}, calendar year ${input.year}`,
      CreationDate: input.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', resolve));

  const bottom = () => doc.page.height - MARGIN - ROW_HEIGHT * 2;
  /** One cell on one line: cut with an ellipsis when too wide (never wrapped over the next row). */
  const cell = (text: string, x: number, y: number, width: number, isNumber: boolean) => {
    let shown = printable(text);
    if (doc.widthOfString(shown) > width) {
      while (shown.length > 0 && doc.widthOfString(`${shown}…`) > width) shown = shown.slice(0, -1);
      shown = `${shown}…`;
    }
    const offset = isNumber ? width - doc.widthOfString(shown) : 0;
    doc.text(shown, x + offset, y, { lineBreak: false });
  };
  const row = (columns: readonly { width: number; isNumber?: boolean }[], cells: string[], y: number) => {
    let x = MARGIN;
    columns.forEach((column, index) => {
      cell(cells[index] ?? '', x, y, column.width - 4, column.isNumber === true);
      x += column.width;
    });
    return y + ROW_HEIGHT;
  };
  /** Column titles, wrapped within their column; the rule goes under the tallest. */
  const header = (columns: readonly { title: string; width: number; isNumber?: boolean }[], y: number) => {
    doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
    let x = MARGIN;
    let height = 0;
    for (const column of columns) {
      const options = { width: column.width - 4, align: column.isNumber ? 'right' : 'left' } as const;
      doc.text(column.title, x, y, options);
      height = Math.max(height, doc.heightOfString(column.title, options));
      x += column.width;
    }
    const next = y + height + 4;
    doc
      .moveTo(MARGIN, next - 2)
      .lineTo(x, next - 2)
      .lineWidth(0.5)
      .stroke();
    doc.font('Helvetica').fontSize(FONT_SIZE);
    return next + 1;
  };

  doc.font('Helvetica-Bold').fontSize(14).text(`Beurs — trade report ${input.year}`, MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(9);
  const holder = input.holderName ? ` (${printable(input.holderName)})` : '';
  doc.text(`Account: ${printable(input.account)}${holder}`);
  doc.text(`Period: 1 January ${input.year} to 31 December ${input.year} (UTC)`);
  doc.text(`Generated: ${input.generatedAt.toISOString()}`);
  doc.text(
    `Data source: fills, fees, TOB, dividends and withholding from the Beurs ledger (the entry of each line in the last column); prices from ${printable(input.marketSource)}.`,
    { width: doc.page.width - MARGIN * 2 },
  );
  if (input.isDemo) {
    doc.font('Helvetica-Bold').text('Demo — simulated prices, no real money.').font('Helvetica');
  }
  doc.moveDown(0.8);

  let y = header(LINE_COLUMNS, doc.y);
  if (input.lines.length === 0) {
    y = row([{ width: 400 }], [`No fills or dividends in ${input.year}.`], y);
  }
  for (const line of input.lines) {
    if (y > bottom()) {
      doc.addPage();
      y = header(LINE_COLUMNS, MARGIN);
    }
    y = row(
      LINE_COLUMNS,
      LINE_COLUMNS.map((column) => column.value(line)),
      y,
    );
  }

  y += ROW_HEIGHT;
  if (y + ROW_HEIGHT * (input.totals.length + 3) > bottom()) {
    doc.addPage();
    y = MARGIN;
  }
  doc.font('Helvetica-Bold').fontSize(10).text('Totals per currency', MARGIN, y);
  y = header(TOTAL_COLUMNS, doc.y + 4);
  for (const total of input.totals) {
    y = row(
      TOTAL_COLUMNS,
      TOTAL_COLUMNS.map((column) => column.value(total)),
      y,
    );
  }
  doc
    .fontSize(7)
    .text(
      'TOB: Belgian tax on stock-exchange transactions, charged on each fill. Fee and TOB are in the trade currency; "Paid / received" is in the currency the cash moved in, after any conversion at the FX rate shown. Dividends: withheld abroad at source, then Belgian withholding on the net; "Paid / received" is the net credited. The CSV of the same year carries every column (order and fill numbers, TOB base, quote source and time).',
      MARGIN,
      y + ROW_HEIGHT,
      { width: doc.page.width - MARGIN * 2 },
    );

  const pages = doc.bufferedPageRange();
  for (let index = 0; index < pages.count; index += 1) {
    doc.switchToPage(pages.start + index);
    // Below the bottom margin: without this, pdfkit would start a new page for the footer.
    doc.page.margins.bottom = 0;
    doc
      .fontSize(7)
      .text(
        `Beurs trade report ${input.year} · ${printable(input.account)} · page ${index + 1} of ${pages.count}`,
        MARGIN,
        doc.page.height - MARGIN - 8,
        { lineBreak: false },
      );
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

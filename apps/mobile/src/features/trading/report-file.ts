import { tradePaths } from '@beurs/contract/paths';
import { api } from '../../api';

// The year's trade report as a file the user keeps: the CSV as text, the PDF from its base64.
// Saved through a link with `download` (the browser's own save; the phone's share sheet in PWAs).

export type ReportFormat = 'csv' | 'pdf';

/** The PDF's bytes from the answer's base64. */
export function bytesOfBase64(base64: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
}

/** Fetches the report of `year` in `format`; answers its file name and contents. */
export async function fetchReport(
  year: number,
  format: ReportFormat,
): Promise<{ fileName: string; blob: Blob }> {
  if (format === 'csv') {
    const report = await api.call(tradePaths.report, { year });
    return { fileName: report.fileName, blob: new Blob([report.csv], { type: report.contentType }) };
  }
  const report = await api.call(tradePaths.reportPdf, { year });
  return {
    fileName: report.fileName,
    blob: new Blob([bytesOfBase64(report.pdf)], { type: report.contentType }),
  };
}

/** Hands a file to the browser to save. */
export function saveFile(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

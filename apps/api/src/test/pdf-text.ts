import { execFileSync } from 'node:child_process';

/**
 * The text of a PDF as a PDF reader extracts it (`pdftotext` from poppler-utils, which `.ci/run`
 * installs): tests check what a person would read, not the bytes pdfkit or pdfmake wrote.
 * `-layout` keeps a table row on one line.
 */
export function pdfText(pdf: Buffer | Uint8Array, opts: { layout?: boolean } = {}): string {
  return execFileSync(
    'pdftotext',
    [...(opts.layout === false ? [] : ['-layout']), '-enc', 'UTF-8', '-', '-'],
    {
      input: pdf,
      maxBuffer: 256 * 1024 * 1024,
    },
  ).toString('utf8');
}

/** A byte-order mark, so that spreadsheet programs read the file as UTF-8 (accents in names). */
const BOM = '\uFEFF';

/** Has the browser save `text` as a CSV file named `fileName` (a Blob behind a temporary <a download>). */
export function saveCsv(fileName: string, text: string): void {
  // the response's decoding drops the server's byte-order mark: put it back
  const csv = text.startsWith(BOM) ? text : `${BOM}${text}`;
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The byte-order mark: spreadsheet programs then read a CSV file as UTF-8 and show accents (é, è, ç) as they are. */
export const CSV_BOM = '\uFEFF';

/**
 * A text cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return first) gets a leading
 * apostrophe: names and notes come from the public, and opening a file must not run what they typed.
 */
export const spreadsheetText = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** csv-stringify's options for every CSV a person downloads: CRLF lines, booleans spelt out, formulas kept as text. */
export const spreadsheetCsvOptions = {
  record_delimiter: 'windows',
  cast: {
    boolean: (value: boolean) => (value ? 'true' : 'false'),
    string: spreadsheetText,
  },
} as const;

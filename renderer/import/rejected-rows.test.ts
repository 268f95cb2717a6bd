import { describe, expect, it } from 'vitest';
import type { ImportedRow } from '../../shared/import-table';
import { rejectedRowsCsv } from './rejected-rows';

const headers = ['Company', 'Web address', 'States'];
const rows: ImportedRow[] = [
  { row: 1, cells: ['Northwind', 'https://northwind.example.com', 'WA'], status: 'created' },
  { row: 2, cells: ['Globex, Inc.', 'globex', 'CA; NV'], status: 'rejected' },
  { row: 3, cells: ['Acme', 'https://acme.example.com', ''], status: 'skipped', note: 'already there' },
  { row: 4, cells: ['Say "hi"', 'https://hi.example.com', 'TX'], status: 'rejected' },
];

describe('the rejected rows as a CSV file', () => {
  it("keeps the sheet's columns and cells of the rejected rows only, with what to fix in a last column", () => {
    const csv = rejectedRowsCsv(headers, rows, [
      { row: 2, column: 'Web address', field: 'url', message: 'Enter a valid URL.' },
      { row: 4, column: '', field: 'size', message: 'This field is required.' },
      { row: 2, column: 'States', field: 'location_states', message: "'NV' is wrong." },
    ]);
    expect(csv).toBe(
      '\uFEFFCompany,Web address,States,Import problems\r\n' +
        '"Globex, Inc.",globex,"CA; NV","Web address: Enter a valid URL.; States: \'NV\' is wrong."\r\n' +
        '"Say ""hi""",https://hi.example.com,TX,size: This field is required.\r\n',
    );
  });
});

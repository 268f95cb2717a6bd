// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportAnswer, ImportRequest } from '../../shared/import-table';
import { queryClient } from '../data/query-client';
import { fakeBridge } from '../test-support/fake-bridge';
import { ImportScreen } from './ImportScreen';

let fake: ReturnType<typeof fakeBridge>;
vi.mock('../bridge/bridge', () => ({
  get bridge() {
    return fake.bridge;
  },
}));

const WORKER_STOPPED =
  "Error invoking remote method 'plandesk:previewImport': Error: the background thread reading the spreadsheet stopped (exit code 70); try again (error 7KQ2MX, in the log)";

const preview = (request: ImportRequest): ImportAnswer => ({
  ok: true,
  report: {
    fileName: request.fileName,
    sheets: ['clients.csv'],
    sheet: 'clients.csv',
    headers: ['Employer name'],
    mapping: { 'Employer name': 'name' },
    fields: [],
    rowsDetail: [{ row: 1, cells: ['Acme Widgets'], status: 'create' }],
    dryRun: true,
    rows: 1,
    created: 1,
    skipped: 0,
    errors: [],
  },
});

beforeEach(() => {
  queryClient.clear();
  fake = fakeBridge();
});
afterEach(cleanup);

describe('reading the file', () => {
  it('says why the app could not read it, with the id of its line in the log, and reads the same file again when asked', async () => {
    const asked: ImportRequest[] = [];
    fake.bridge.previewImport = async (request) => {
      asked.push(request);
      if (asked.length === 1) throw new Error(WORKER_STOPPED);
      return preview(request);
    };
    render(<ImportScreen kind="employers" />);
    await userEvent.upload(screen.getByLabelText('Spreadsheet file'), new File(['Employer name\r\nAcme Widgets\r\n'], 'clients.csv', { type: 'text/csv' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'the background thread reading the spreadsheet stopped (exit code 70); try again (error 7KQ2MX, in the log)',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Read the file again' }));
    expect(await screen.findByRole('button', { name: 'Import 1 row' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(asked[1]).toEqual(asked[0]);
  });

  it('offers no second try for a file the person has to fix: the answer says why', async () => {
    fake.bridge.previewImport = async () => ({ ok: false, message: 'clients.csv is not UTF-8 text; save it from the spreadsheet as "CSV UTF-8"' });
    render(<ImportScreen kind="employers" />);
    await userEvent.upload(screen.getByLabelText('Spreadsheet file'), new File(['x'], 'clients.csv', { type: 'text/csv' }));
    expect((await screen.findByRole('alert')).textContent).toContain('is not UTF-8 text');
    expect(screen.queryByRole('button', { name: 'Read the file again' })).toBeNull();
  });
});

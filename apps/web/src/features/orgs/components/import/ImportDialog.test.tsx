import { IMPORT_COLUMNS, IMPORT_MAX_BYTES, type ImportResult, type OrgDetail } from '@fc/contracts';
import { describe, expect, it } from 'vitest';
import { type FakeRequest, fakeApi } from '../../../../test/network';
import { chooseFile, click, getByTestId, queryByTestId, render, textOf, waitFor } from '../../../../test/render';
import { ImportDialog } from './ImportDialog';

const team = { id: 5, name: 'Tigers', typeId: 3 } as unknown as OrgDetail;
const HEADER = IMPORT_COLUMNS.roster.join(',');
const GOOD = 'U12 Gold,Alex,Rivera,Maria,Rivera,maria@example.com,555-0100';
const BAD = 'U12 Gold,Sam,Lee,Kim,Lee,kim-at-example,555-0101';
const csv = (...rows: string[]) => new File([[HEADER, ...rows].join('\n')], 'roster.csv', { type: 'text/csv' });

/**
 * The server's roster import as far as this dialog sees it: reads the uploaded CSV, reports
 * every bad email with its line (the header is line 1), writes only without `dryRun`.
 */
async function rosterImport(req: FakeRequest) {
  const file = (req.body as FormData).get('file') as File;
  const [head = '', ...lines] = (await file.text()).split('\n');
  const columns = head.split(',');
  const errors: ImportResult['errors'] = [];
  const preview = lines.map((l, i) => {
    const cells = l.split(',');
    const row: Record<string, string> = { line: String(i + 2) };
    columns.forEach((c, j) => {
      row[c] = cells[j] ?? '';
    });
    if (!row.parent_email?.includes('@'))
      errors.push({ line: i + 2, column: 'parent_email', message: `"${row.parent_email}" is not an email address` });
    return row;
  });
  const dryRun = req.query.get('dryRun') === '1';
  const valid = errors.length === 0;
  const data: ImportResult = {
    dryRun,
    valid,
    rows: lines.length,
    created: valid ? lines.length : 0,
    updated: 0,
    skipped: 0,
    errors,
    errorCount: errors.length,
    preview,
    durationMs: 3,
  };
  return { json: { hasError: false, data } };
}

const renderDialog = (language: 'en' | 'es' = 'en') =>
  render(<ImportDialog kind="roster" node={team} onClose={() => undefined} />, { language });

describe('ImportDialog (roster CSV)', () => {
  it('lists a bad row with its line and keeps Import disabled; the fixed file imports', async () => {
    const server = fakeApi({ 'POST /team/5/roster_import': rosterImport });
    await renderDialog();

    await chooseFile(getByTestId<HTMLInputElement>('import-file'), csv(GOOD, BAD));
    await waitFor(() => getByTestId('import-invalid'));
    const rows = [...getByTestId('import-errors').querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map(textOf),
    );
    expect(rows).toEqual([['3', 'parent_email', '"kim-at-example" is not an email address']]);
    expect(getByTestId<HTMLButtonElement>('import-submit').disabled).toBe(true);
    // The dry run sent the chosen file; nothing was imported.
    expect(server.calls.map((c) => c.query.get('dryRun'))).toEqual(['1']);

    await chooseFile(
      getByTestId<HTMLInputElement>('import-file'),
      csv(GOOD, BAD.replace('kim-at-example', 'kim@example.com')),
    );
    await waitFor(() => getByTestId('import-ready'));
    expect(queryByTestId('import-errors')).toBeNull();
    const submit = getByTestId<HTMLButtonElement>('import-submit');
    expect(submit.disabled).toBe(false);
    expect(textOf(submit)).toBe('Import 2 rows');

    await click(submit);
    await waitFor(() => getByTestId('import-done'));
    expect(server.calls.map((c) => c.query.get('dryRun'))).toEqual(['1', '1', null]);
    expect(textOf(getByTestId('import-created'))).toBe('2');
    expect(server.unhandled).toEqual([]);
  });

  it('lists the rows of a 422 from the real import by line and column', async () => {
    let dryRuns = 0;
    fakeApi({
      'POST /team/5/roster_import': async (req) => {
        if (req.query.get('dryRun') === '1') {
          dryRuns++;
          return rosterImport(req);
        }
        // Someone changed the data between the check and the import.
        return {
          status: 422,
          json: {
            hasError: true,
            code: 'IMPORT_INVALID',
            message: 'The file has 1 invalid row.',
            errors: [{ path: 'line 2 › parent_email', message: 'Same player and parent email as line 9' }],
          },
        };
      },
    });
    await renderDialog();
    await chooseFile(getByTestId<HTMLInputElement>('import-file'), csv(GOOD));
    await waitFor(() => getByTestId('import-ready'));
    await click(getByTestId('import-submit'));
    await waitFor(() => getByTestId('import-failed'));
    expect(dryRuns).toBe(1);
    const cells = [...getByTestId('import-errors').querySelectorAll('tbody td')].map(textOf);
    expect(cells).toEqual(['2', 'parent_email', 'Same player and parent email as line 9']);
    expect(getByTestId<HTMLButtonElement>('import-submit').disabled).toBe(true);
  });

  it('refuses a file over the size limit without sending it', async () => {
    const server = fakeApi({ 'POST /team/5/roster_import': rosterImport });
    await renderDialog();
    const big = new File([new Uint8Array(IMPORT_MAX_BYTES + 1)], 'big.csv', { type: 'text/csv' });
    await chooseFile(getByTestId<HTMLInputElement>('import-file'), big);
    expect(textOf(getByTestId('import-failed'))).toContain('larger than 5 MB');
    expect(server.calls).toEqual([]);
    expect(getByTestId<HTMLButtonElement>('import-submit').disabled).toBe(true);
  });

  it('names the problem in Spanish in the Spanish interface', async () => {
    fakeApi({ 'POST /team/5/roster_import': rosterImport });
    await renderDialog('es');
    await chooseFile(getByTestId<HTMLInputElement>('import-file'), csv(BAD));
    await waitFor(() => getByTestId('import-invalid'));
    expect(textOf(getByTestId('import-errors').querySelector('tbody tr'))).toContain(
      '«kim-at-example» no es un correo electrónico',
    );
  });
});

import type { ImportKind, ImportResult } from '@fc/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { api, apiUpload } from '../../../lib/api/client';
import { orgKeys } from './keys';

const IMPORT_PATH: Record<ImportKind, (id: number) => string> = {
  player: (id) => `/divisions/${id}/player_import`,
  roster: (id) => `/team/${id}/roster_import`,
  division: (id) => `/team/${id}/division_import`,
};

export interface ImportInput {
  kind: ImportKind;
  nodeId: number;
  file: File;
  dryRun: boolean;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POST the CSV (multipart `file`); `dryRun` validates and previews without writing. Without
 * it an invalid file is a 422 whose `errors` list every row problem.
 */
export function importCsv({ kind, nodeId, file, dryRun, onProgress, signal }: ImportInput) {
  const form = new FormData();
  form.append('file', file);
  return apiUpload<{ data: ImportResult; message?: string }>(IMPORT_PATH[kind](nodeId), form, {
    query: dryRun ? { dryRun: 1 } : undefined,
    onProgress,
    signal,
  });
}

/** After a real import: every figure, roster and child list under the node may have changed. */
export function useInvalidateAfterImport() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: orgKeys.all });
}

/** The template: the kind's header and one example row, as CSV text. */
export const IMPORT_EXAMPLES: Record<ImportKind, readonly string[]> = {
  player: ['Alex', 'Rivera', 'Maria', 'Rivera', 'maria.rivera@example.com', '555-0100'],
  roster: ['U12 Gold', 'Alex', 'Rivera', 'Maria', 'Rivera', 'maria.rivera@example.com', '555-0100'],
  division: ['U12 Gold', 'u12-gold'],
};

const csvCell = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export function templateCsv(columns: readonly string[], example: readonly string[]): string {
  return `${[columns, example].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** GET /divisions/{id}/player_export or /team/{id}/roster_export: the roster in the template's columns. */
export function exportRoster(kind: 'player' | 'roster', nodeId: number) {
  const path = kind === 'player' ? `/divisions/${nodeId}/player_export` : `/team/${nodeId}/roster_export`;
  return api.get<{ data: { filename: string; csv: string; rows: number } }>(path);
}

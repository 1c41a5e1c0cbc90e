import { IMPORT_MAX_BYTES, type ImportKind, type ImportResult } from '@fc/contracts';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage, isApiError } from '../../../../lib/api/errors';
import { importCsv, useInvalidateAfterImport } from '../../api/import-csv';

export interface RowError {
  line: number;
  column: string;
  message: string;
}

export type Step =
  | { name: 'pick' }
  | { name: 'checking'; progress: number }
  | { name: 'checked'; result: ImportResult }
  | { name: 'importing'; progress: number; result: ImportResult }
  | { name: 'done'; result: ImportResult }
  | { name: 'failed'; message: string; errors: RowError[]; result?: ImportResult };

/** `line 3 › parent_email` (the 422 envelope's paths) back into line and column. */
function parseRowErrors(error: unknown): RowError[] {
  if (!isApiError(error)) return [];
  return error.fieldErrors.map((fe) => {
    const m = /^line (\d+) › (.*)$/.exec(fe.path);
    return m
      ? { line: Number(m[1]), column: m[2] ?? '', message: fe.message }
      : { line: 0, column: fe.path, message: fe.message };
  });
}

/**
 * The import's steps: a file is chosen and checked by a dry run (upload progress, preview, every
 * row problem); the real import runs only after a valid dry run; a failure keeps its row errors.
 */
export function useImportSteps(kind: ImportKind, nodeId: number) {
  const { t } = useTranslation();
  const toast = useToast();
  const abort = useRef<AbortController | null>(null);
  const invalidate = useInvalidateAfterImport();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ name: 'pick' });
  const busy = step.name === 'checking' || step.name === 'importing';

  useEffect(() => () => abort.current?.abort(), []);

  const dryRun = async (chosen: File) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setStep({ name: 'checking', progress: 0 });
    try {
      const res = await importCsv({
        kind,
        nodeId,
        file: chosen,
        dryRun: true,
        signal: controller.signal,
        onProgress: (p) => setStep({ name: 'checking', progress: p }),
      });
      setStep({ name: 'checked', result: res.data });
    } catch (error) {
      if (controller.signal.aborted) return;
      setStep({
        name: 'failed',
        message: errorMessage(error, t('orgs.import.uploadFailed')),
        errors: parseRowErrors(error),
      });
    }
  };

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    e.target.value = '';
    if (!chosen) return;
    setFile(chosen);
    if (chosen.size > IMPORT_MAX_BYTES) {
      setStep({ name: 'failed', message: t('orgs.import.tooLarge', { max: '5 MB' }), errors: [] });
      return;
    }
    void dryRun(chosen);
  };

  const runImport = async () => {
    if (!file || step.name !== 'checked') return;
    const checked = step.result;
    const controller = new AbortController();
    abort.current = controller;
    setStep({ name: 'importing', progress: 0, result: checked });
    try {
      const res = await importCsv({
        kind,
        nodeId,
        file,
        dryRun: false,
        signal: controller.signal,
        onProgress: (p) => setStep({ name: 'importing', progress: p, result: checked }),
      });
      setStep({ name: 'done', result: res.data });
      toast.success(t('orgs.import.doneToast', { rows: res.data.rows }));
      void invalidate();
    } catch (error) {
      if (controller.signal.aborted) return;
      setStep({
        name: 'failed',
        message: errorMessage(error, t('orgs.import.uploadFailed')),
        errors: parseRowErrors(error),
        result: checked,
      });
    }
  };

  const progress = step.name === 'checking' || step.name === 'importing' ? step.progress : null;
  const result = step.name === 'checked' || step.name === 'importing' || step.name === 'done' ? step.result : undefined;
  const canImport = step.name === 'checked' && step.result.valid && step.result.rows > 0;
  return { file, step, busy, progress, result, canImport, onFile, runImport };
}

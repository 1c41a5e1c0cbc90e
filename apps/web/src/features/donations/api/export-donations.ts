import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { downloadText } from '../../../lib/download';
import type { DonationFilters } from './keys';

/** The export's answer (contracts' `donationExportSchema`): the file's name, its text and its row count. */
export interface DonationExport {
  filename: string;
  csv: string;
  rows: number;
}

/** GET /admin/donation/export: the filtered set as CSV (like the roster exports), saved by the browser. */
export async function exportDonations(filters: DonationFilters): Promise<DonationExport> {
  const { data } = await api.get<{ data: DonationExport }>('/admin/donation/export', { ...filters });
  downloadText(data.filename, data.csv);
  return data;
}

export function useExportDonations() {
  return useMutation({ mutationFn: exportDonations });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { orgKeys } from './keys';

/** POST /admin/organization/{id}/avatar (multipart `file`). */
export function uploadLogo({ id, file }: { id: number; file: File }): Promise<{ data: { logoUrl: string } }> {
  const form = new FormData();
  form.append('file', file);
  return api.post<{ data: { logoUrl: string } }>(`/admin/organization/${id}/avatar`, form);
}

export function useUploadLogo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: (_res, { id }) => {
      void qc.invalidateQueries({ queryKey: orgKeys.detail(id) });
      return qc.invalidateQueries({ queryKey: orgKeys.lists() });
    },
  });
}

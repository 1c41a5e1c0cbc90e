import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { fundraiserKeys } from './keys';

/** POST /admin/fundraiser/{id}/avatar (multipart `file`): the player's photo on every page. */
export function uploadPhoto({ id, file }: { id: number; file: File }) {
  const form = new FormData();
  form.append('file', file);
  return api.post<{ data: { avatarUrl: string }; message?: string }>(`/admin/fundraiser/${id}/avatar`, form);
}

export function useUploadPhoto() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadPhoto,
    // The photo shows on the player, the family home, the lists and every campaign page.
    onSuccess: () => qc.invalidateQueries({ queryKey: fundraiserKeys.all }),
  });
}

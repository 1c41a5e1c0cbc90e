import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { userKeys } from './keys';

/** POST /upload-avatar (multipart "file"); `?id=` when an admin changes someone else's. */
export function uploadAvatar({ file, id }: { file: File; id?: number }): Promise<{ data: { avatar: string } }> {
  const form = new FormData();
  form.append('file', file);
  return api.post<{ data: { avatar: string } }>('/upload-avatar', form, { query: id ? { id } : undefined });
}

export function useUploadAvatar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

import type { NotificationPreferences, ProductNewsBody, UpdateNotificationsBody } from '@fc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api/client';
import { userKeys } from './keys';

const notificationKeys = { mine: () => [...userKeys.all, 'notifications'] as const };

/** GET /user/notifications: the signed-in user's e-mail choices and e-mail language. */
export function useNotifications() {
  return useQuery({
    queryKey: notificationKeys.mine(),
    queryFn: ({ signal }) =>
      api.get<{ data: NotificationPreferences }>('/user/notifications', undefined, signal).then((r) => r.data),
  });
}

/** PUT /user/notifications (a partial update); the answer is the whole new state. */
export function useUpdateNotifications() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNotificationsBody) =>
      apiRequest<{ data: NotificationPreferences }>('/user/notifications', { method: 'PUT', body }).then((r) => r.data),
    onSuccess: (data) => qc.setQueryData(notificationKeys.mine(), data),
  });
}

/** POST /admin/notifications/product-news (Super Admin): how many readers it went to. */
export function useSendProductNews() {
  return useMutation({
    mutationFn: (body: ProductNewsBody) =>
      api
        .post<{ data: { recipients: number } }>('/admin/notifications/product-news', body)
        .then((r) => r.data.recipients),
  });
}

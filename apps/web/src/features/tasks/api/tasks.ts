import type { CreateTaskBody, OrgRef, Task, TaskFilter, TaskList, UpdateTaskBody } from '@fc/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export interface TaskListParams {
  /** Omitted: the caller's own node. */
  organizationId?: number | undefined;
  filter: TaskFilter;
  tag?: string | undefined;
  search?: string | undefined;
}

export const taskKeys = {
  all: ['tasks'] as const,
  lists: () => [...taskKeys.all, 'list'] as const,
  list: (params: TaskListParams) => [...taskKeys.lists(), params] as const,
  nodes: (q: string) => [...taskKeys.all, 'nodes', q] as const,
};

/** GET /tasks: the node's automatic checklist, its manual tasks (filtered), tags and assignees. */
export function getTasks(params: TaskListParams, signal?: AbortSignal) {
  return api.get<{ data: TaskList }>(
    '/tasks',
    { organizationId: params.organizationId, filter: params.filter, tag: params.tag, search: params.search },
    signal,
  );
}

export function useTasks(params: TaskListParams, enabled = true) {
  return useQuery({
    queryKey: taskKeys.list(params),
    queryFn: ({ signal }) => getTasks(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Every list of tasks is stale after a change (the counts, tags and filters all move). */
function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: taskKeys.lists() });
}

export function useCreateTask() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateTaskBody) => api.post<{ data: Task; message?: string }>('/tasks', body),
    onSuccess: invalidate,
  });
}

export function useUpdateTask() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateTaskBody }) =>
      api.patch<{ data: Task; message?: string }>(`/tasks/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteTask() {
  const invalidate = useInvalidate();
  return useMutation({
    // No server sentence: the confirmation's toast says it in the UI language.
    mutationFn: async (id: number) => {
      await api.delete<{ message: string }>(`/tasks/${id}`);
      return { message: '' };
    },
    onSuccess: invalidate,
  });
}

/** GET /admin/organization/filter: nodes the caller can see, for the node picker (server search). */
export function useNodeOptions(q: string, enabled: boolean) {
  return useQuery({
    queryKey: taskKeys.nodes(q),
    queryFn: ({ signal }) => api.get<{ data: OrgRef[] }>('/admin/organization/filter', { q: q || undefined }, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}

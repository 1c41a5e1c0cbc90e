import type { OrgMember, OrgRole } from '@fc/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { type MemberListParams, orgKeys } from './keys';

export interface MemberListResponse {
  data: OrgMember[];
  total: number;
}

export interface AddMemberInput {
  email: string;
  firstName?: string;
  lastName?: string;
  role?: OrgRole;
}

/** GET /admin/organization/{id}/users */
export function getMembers(id: number, params: MemberListParams, signal?: AbortSignal): Promise<MemberListResponse> {
  return api.get<MemberListResponse>(`/admin/organization/${id}/users`, { ...params }, signal);
}

export function useMembers(id: number, params: MemberListParams) {
  return useQuery({
    queryKey: orgKeys.memberList(id, params),
    queryFn: ({ signal }) => getMembers(id, params, signal),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateNode() {
  const qc = useQueryClient();
  return (nodeId: number) => {
    void qc.invalidateQueries({ queryKey: orgKeys.detail(nodeId) });
    void qc.invalidateQueries({ queryKey: orgKeys.division(nodeId) });
    return qc.invalidateQueries({ queryKey: orgKeys.members(nodeId) });
  };
}

/**
 * Adds a person by email: POST /organization/{id}/user, or POST /division/{id}/user for a
 * division (always a Division Admin). The server invites an address without an account.
 */
export function useAddMember(nodeId: number, division: boolean) {
  const invalidate = useInvalidateNode();
  return useMutation({
    mutationFn: (body: AddMemberInput) =>
      api.post<{ data: OrgMember; message?: string }>(
        division ? `/division/${nodeId}/user` : `/organization/${nodeId}/user`,
        division ? { ...body, role: undefined } : body,
      ),
    onSuccess: () => invalidate(nodeId),
  });
}

/** PATCH /admin/user_organization/{id} */
export function useChangeMemberRole(nodeId: number) {
  const invalidate = useInvalidateNode();
  return useMutation({
    mutationFn: ({ id, role }: { id: number; role: OrgRole }) =>
      api.patch<{ data: OrgMember; message?: string }>(`/admin/user_organization/${id}`, { role }),
    onSuccess: () => invalidate(nodeId),
  });
}

/** DELETE /admin/user_organization/{id} */
export function useRemoveMember(nodeId: number) {
  const invalidate = useInvalidateNode();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/admin/user_organization/${id}`),
    onSuccess: () => invalidate(nodeId),
  });
}

/** POST /user/resendInvite {id: userId} */
export function useResendMemberInvite() {
  return useMutation({
    mutationFn: (userId: number) => api.post<{ message: string }>('/user/resendInvite', { id: userId }),
  });
}

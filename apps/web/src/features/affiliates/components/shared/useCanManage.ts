import { useAppAbility } from '../../../../lib/abilities/useAppAbility';

/** Super Admin manages affiliates (programs, invitations, attachments, payments); others only read. */
export function useCanManage(): boolean {
  return useAppAbility().can('manage', 'affiliates');
}

import { subject } from '@casl/ability';
import type { RegistrationDetail } from '@fc/contracts';
import { useAppAbility } from '../../../../lib/abilities/useAppAbility';
import { useAuth } from '../../../../lib/auth/AuthProvider';

export interface RegistrationActions {
  edit: boolean;
  approve: boolean;
  reject: boolean;
  claim: boolean;
  delete: boolean;
}

/**
 * What the caller may do with a record (the console only hides; the API decides). Super Admin
 * manages every record; FYS Sales those they sell (the `onboarding` rule's salesperson
 * condition) and may claim an unassigned one. Edits while undecided; a decision once submitted
 * and pending; deletion of an unsubmitted or rejected record only.
 */
export function useRegistrationActions(d: RegistrationDetail): RegistrationActions {
  const ability = useAppAbility();
  const { user } = useAuth();
  const seller = d.salesperson?.id ?? null;
  // Both spellings of the salesperson condition (org nodes `salesUserId`, other records `salesUserIds`).
  const manages = ability.can('update', subject('onboarding', { salesUserId: seller, salesUserIds: seller }) as never);
  const undecided = d.status === 'in_progress' || d.status === 'pending';
  return {
    edit: manages && undecided,
    approve: manages && d.status === 'pending',
    reject: manages && d.status === 'pending',
    claim: user?.role === 'fys_sales' && seller === null && ability.can('read', 'onboarding'),
    delete: manages && (d.status === 'in_progress' || d.status === 'rejected'),
  };
}

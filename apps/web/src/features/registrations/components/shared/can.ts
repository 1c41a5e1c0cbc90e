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
  /** Choose the salesperson (Super Admin; a salesperson claims instead). */
  assign: boolean;
}

/**
 * What the caller may do with a record (the console only hides; the API decides: review.service
 * `visibleRow`). Super Admin manages every record; FYS Sales those they sell (the `onboarding`
 * rule's salesperson condition) and unassigned ones, which they may claim, and which a decision
 * makes theirs. Edits while undecided; a decision once submitted and pending; deletion of an
 * unsubmitted or rejected record only.
 */
export function useRegistrationActions(d: RegistrationDetail): RegistrationActions {
  const ability = useAppAbility();
  const { user } = useAuth();
  const seller = d.salesperson?.id ?? null;
  // An unassigned record is checked as the caller's own (acting on it makes it theirs). Both
  // spellings of the salesperson condition (org nodes `salesUserId`, other records `salesUserIds`).
  const as = seller ?? user?.id ?? null;
  const manages = ability.can('update', subject('onboarding', { salesUserId: as, salesUserIds: as }) as never);
  const undecided = d.status === 'in_progress' || d.status === 'pending';
  return {
    edit: manages && undecided,
    approve: manages && d.status === 'pending',
    reject: manages && d.status === 'pending',
    claim: user?.role === 'fys_sales' && seller === null && ability.can('read', 'onboarding'),
    delete: manages && (d.status === 'in_progress' || d.status === 'rejected'),
    assign: user?.role === 'super_admin' && manages && undecided,
  };
}

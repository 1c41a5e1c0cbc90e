import type { ACCOUNT_STATUSES, ContactStatus } from '@fc/contracts';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

const ACCOUNT_COLOR: Record<AccountStatus, 'success' | 'primary'> = { active: 'success', invited: 'primary' };

/** The family's account: invited until the parent sets a password. */
export function AccountStatusChip({ status }: { status: AccountStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" label={t(`fundraisers.accountStatus.${status}`)} color={ACCOUNT_COLOR[status]} />;
}

const CONTACT_COLOR: Record<ContactStatus, 'default' | 'primary' | 'info' | 'success'> = {
  added: 'default',
  invited: 'primary',
  opened: 'info',
  donated: 'success',
};

/** How far a contact got: added, invited, opened the page, donated. */
export function ContactStatusChip({ status }: { status: ContactStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant={status === 'added' ? 'outlined' : 'filled'}
      label={t(`fundraisers.contactStatus.${status}`)}
      color={CONTACT_COLOR[status]}
      data-status={status}
    />
  );
}

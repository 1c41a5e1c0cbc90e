import type { AffiliateDetail } from '@fc/contracts';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage } from '../../../../lib/api/errors';
import { fullName } from '../../../../lib/format';
import { useInvite } from '../../api/actions';
import { useUpdateAffiliate } from '../../api/affiliates';
import { OfferDialog } from './OfferDialog';

type Confirm = 'invite' | 'pause' | 'resume' | 'disable' | 'enable';

/** Super Admin's actions on an affiliate, each confirmed first: invite again, offer a program, pause, resume, disable. */
export function AdminActions({ affiliate: a }: { affiliate: AffiliateDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const invite = useInvite();
  const update = useUpdateAffiliate();
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [offering, setOffering] = useState(false);
  const name = fullName(a.first_name, a.last_name);
  const fail = (e: unknown) => toast.error(errorMessage(e, t('errors.generic')));
  const run = () => {
    if (!confirm) return;
    const done = () => {
      toast.success(t(`affiliates.actions.${confirm}.done`, { name }));
      setConfirm(null);
    };
    if (confirm === 'invite') return invite.mutate(a.id, { onSuccess: done, onError: fail });
    const status = confirm === 'pause' ? 'paused' : confirm === 'disable' ? 'disabled' : 'active';
    update.mutate({ id: a.id, status }, { onSuccess: done, onError: fail });
  };
  const buttons: Confirm[] = [];
  // The API invites only an affiliate without an account yet, invited or active (not paused or disabled).
  if ((a.status === 'invited' || a.status === 'active') && a.userId === null) buttons.push('invite');
  if (a.status === 'active') buttons.push('pause');
  if (a.status === 'paused') buttons.push('resume');
  if (a.status === 'disabled') buttons.push('enable');
  else buttons.push('disable');
  return (
    <Stack spacing={1} sx={{ minWidth: { md: 200 } }} data-testid="affiliate-actions">
      {a.status !== 'disabled' ? (
        <Button variant="contained" onClick={() => setOffering(true)} data-testid="affiliate-offer">
          {t('affiliates.actions.offer')}
        </Button>
      ) : null}
      {buttons.map((b) => (
        <Button
          key={b}
          variant="outlined"
          color={b === 'disable' ? 'error' : 'primary'}
          onClick={() => setConfirm(b)}
          data-testid={`affiliate-${b}`}
        >
          {t(`affiliates.actions.${b}.button`)}
        </Button>
      ))}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm ? t(`affiliates.actions.${confirm}.title`, { name }) : ''}
        message={confirm ? t(`affiliates.actions.${confirm}.message`, { name, email: a.email }) : ''}
        confirmLabel={confirm ? t(`affiliates.actions.${confirm}.button`) : ''}
        busy={invite.isPending || update.isPending}
        onConfirm={run}
        onClose={() => setConfirm(null)}
      />
      {offering ? <OfferDialog affiliate={a} onClose={() => setOffering(false)} /> : null}
    </Stack>
  );
}

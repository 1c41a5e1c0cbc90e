import type { RegistrationDetail } from '@fc/contracts';
import BlockIcon from '@mui/icons-material/Block';
import CheckIcon from '@mui/icons-material/Check';
import DeleteIcon from '@mui/icons-material/Delete';
import PanToolIcon from '@mui/icons-material/PanTool';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage } from '../../../../lib/api/errors';
import { useClaimRegistration } from '../../api/claim-registration';
import { useDeleteRegistration } from '../../api/delete-registration';
import type { RegistrationActions as Allowed } from '../shared/can';
import { ApproveDialog } from './ApproveDialog';
import { RejectDialog } from './RejectDialog';

/** Claim, approve, reject and delete: each button only when the caller may (shared/can.ts). */
export function RegistrationActions({ registration: r, can }: { registration: RegistrationDetail; can: Allowed }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const claim = useClaimRegistration(r.id);
  const remove = useDeleteRegistration();
  const [dialog, setDialog] = useState<'approve' | 'reject' | 'delete' | null>(null);
  const any = can.claim || can.approve || can.reject || can.delete;
  const close = () => setDialog(null);
  return (
    <>
      {any ? (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignSelf: { xs: 'stretch', md: 'center' }, flexShrink: 0 }}
        >
          {can.claim ? (
            <Button
              variant="outlined"
              startIcon={<PanToolIcon />}
              disabled={claim.isPending}
              onClick={() =>
                claim.mutate(undefined, {
                  onSuccess: () => toast.success(t('registrations.claim.done')),
                  onError: (error) => toast.error(errorMessage(error, t('errors.generic'))),
                })
              }
              data-testid="registration-claim"
            >
              {t('registrations.claim.button')}
            </Button>
          ) : null}
          {can.delete ? (
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteIcon />}
              onClick={() => setDialog('delete')}
              data-testid="registration-delete"
            >
              {t('registrations.delete.button')}
            </Button>
          ) : null}
          {can.reject ? (
            <Button
              variant="outlined"
              color="error"
              startIcon={<BlockIcon />}
              onClick={() => setDialog('reject')}
              data-testid="registration-reject"
            >
              {t('registrations.reject.button')}
            </Button>
          ) : null}
          {can.approve ? (
            <Button
              variant="contained"
              color="success"
              startIcon={<CheckIcon />}
              onClick={() => setDialog('approve')}
              data-testid="registration-approve"
            >
              {t('registrations.approve.button')}
            </Button>
          ) : null}
        </Stack>
      ) : null}
      {dialog === 'approve' ? <ApproveDialog registration={r} onClose={close} /> : null}
      {dialog === 'reject' ? <RejectDialog registration={r} onClose={close} /> : null}
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('registrations.delete.title')}
        message={t('registrations.delete.message', { name: r.teamName ?? `#${r.id}` })}
        confirmLabel={t('registrations.delete.button')}
        busy={remove.isPending}
        onClose={close}
        onConfirm={() =>
          remove.mutate(r.id, {
            onSuccess: () => {
              toast.success(t('registrations.delete.done'));
              close();
              navigate('/onboarding/list', { replace: true });
            },
            onError: (error) => toast.error(errorMessage(error, t('errors.generic'))),
          })
        }
      />
    </>
  );
}

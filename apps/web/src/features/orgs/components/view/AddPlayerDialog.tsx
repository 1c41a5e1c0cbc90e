import { addPlayerBodySchema, type OrgDetail } from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage } from '../../../../lib/api/errors';
import { applyFieldErrors } from '../../../../lib/api/forms';
import { zodErrorMap } from '../../../../lib/i18n/validation';
import { useAddPlayer } from '../../api/roster';

type Input = z.input<typeof addPlayerBodySchema>;
type Output = z.output<typeof addPlayerBodySchema>;
const FIELDS = ['firstName', 'lastName', 'parentFirstName', 'parentLastName', 'email', 'phone'] as const;
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** POST /division/{id}/player: a player and the parent who manages the player's page. */
export function AddPlayerDialog({ node, onClose }: { node: OrgDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const mutation = useAddPlayer(node.id);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(addPlayerBodySchema, { error: zodErrorMap(t) }),
    defaultValues: { firstName: '', lastName: '', email: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) =>
    mutation.mutate(body, {
      onSuccess: (res) => {
        toast.success(res.message || t('orgs.roster.added'));
        onClose();
      },
      onError: (error) => {
        applyFieldErrors(error, form.setError, FIELDS);
      },
    }),
  );

  const field = (name: (typeof FIELDS)[number], label: string, opts: { required?: boolean; type?: string } = {}) => (
    <TextField
      {...form.register(name, opts.required ? {} : { setValueAs: blankToUndefined })}
      label={label}
      type={opts.type}
      required={opts.required}
      fullWidth
      error={Boolean(errors[name])}
      helperText={errors[name]?.message}
      slotProps={{ htmlInput: { 'data-testid': `add-player-${name}` } }}
    />
  );

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="add-player-title"
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      data-testid="add-player-dialog"
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="add-player-title">{t('orgs.roster.addTo', { name: node.name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {mutation.isError ? (
              <Alert severity="error" data-testid="add-player-error">
                {errorMessage(mutation.error, t('errors.generic'))}
              </Alert>
            ) : null}
            <Typography variant="subtitle2" component="h3">
              {t('orgs.roster.player')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {field('firstName', t('fields.firstName'), { required: true })}
              {field('lastName', t('fields.lastName'), { required: true })}
            </Stack>
            <Typography variant="subtitle2" component="h3">
              {t('orgs.roster.parent')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {field('parentFirstName', t('fields.firstName'))}
              {field('parentLastName', t('fields.lastName'))}
            </Stack>
            {field('email', t('orgs.roster.parentEmail'), { required: true, type: 'email' })}
            {field('phone', t('fields.phone'), { type: 'tel' })}
            <Typography variant="body2" color="text.secondary">
              {t('orgs.roster.inviteHint')}
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending} data-testid="add-player-submit">
            {t('orgs.roster.add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

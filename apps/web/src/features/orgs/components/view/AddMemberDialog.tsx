import { addMemberBodySchema, type OrgDetail, ROLES_FOR_TYPE } from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage } from '../../../../lib/api/errors';
import { applyFieldErrors } from '../../../../lib/api/forms';
import { zodErrorMap } from '../../../../lib/i18n/validation';
import { useAddMember } from '../../api/members';

type Input = z.input<typeof addMemberBodySchema>;
type Output = z.output<typeof addMemberBodySchema>;
const FIELDS = ['email', 'firstName', 'lastName', 'role'] as const;

/** Add a person by email; a new address also needs names and receives an invitation. */
export function AddMemberDialog({ node, onClose }: { node: OrgDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const division = node.typeId === 4;
  const mutation = useAddMember(node.id, division);
  const roles = ROLES_FOR_TYPE[node.typeId];
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(addMemberBodySchema, { error: zodErrorMap(t) }),
    defaultValues: { email: '', firstName: undefined, lastName: undefined, role: roles[0] },
  });
  const { errors } = form.formState;
  const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

  const onSubmit = form.handleSubmit((body) =>
    mutation.mutate(body, {
      onSuccess: (res) => {
        toast.success(res.message || t('orgs.members.added'));
        onClose();
      },
      onError: (error) => {
        applyFieldErrors(error, form.setError, FIELDS);
      },
    }),
  );

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="add-member-title"
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      data-testid="add-member-dialog"
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="add-member-title">{t('orgs.members.addTo', { name: node.name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {mutation.isError ? (
              <Alert severity="error" data-testid="add-member-error">
                {errorMessage(mutation.error, t('errors.generic'))}
              </Alert>
            ) : null}
            <TextField
              {...form.register('email')}
              label={t('fields.email')}
              type="email"
              required
              autoFocus
              error={Boolean(errors.email)}
              helperText={errors.email?.message}
              slotProps={{ htmlInput: { 'data-testid': 'add-member-email' } }}
            />
            <Typography variant="body2" color="text.secondary">
              {t('orgs.members.namesHint')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                {...form.register('firstName', { setValueAs: blankToUndefined })}
                label={t('fields.firstName')}
                fullWidth
                error={Boolean(errors.firstName)}
                helperText={errors.firstName?.message}
                slotProps={{ htmlInput: { 'data-testid': 'add-member-first-name' } }}
              />
              <TextField
                {...form.register('lastName', { setValueAs: blankToUndefined })}
                label={t('fields.lastName')}
                fullWidth
                error={Boolean(errors.lastName)}
                helperText={errors.lastName?.message}
                slotProps={{ htmlInput: { 'data-testid': 'add-member-last-name' } }}
              />
            </Stack>
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <TextField
                  select
                  label={t('fields.role')}
                  value={field.value ?? roles[0]}
                  onChange={(e) => field.onChange(e.target.value)}
                  disabled={roles.length === 1}
                  error={Boolean(errors.role)}
                  helperText={errors.role?.message}
                  slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'add-member-role' } as object } }}
                >
                  {roles.map((r) => (
                    <MenuItem key={r} value={r}>
                      {t(`roles.${r}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending} data-testid="add-member-submit">
            {t('orgs.members.addSubmit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

import { addPlayerBodySchema, type OrgDetail } from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog } from '../../../../components/ui/FormDialog';
import { FormTextField, type FormTextFieldProps, NameFields } from '../../../../components/ui/FormFields';
import { useToast } from '../../../../components/ui/ToastProvider';
import { applyFieldErrors, blankToUndefined } from '../../../../lib/api/forms';
import { zodErrorMap } from '../../../../lib/i18n/validation';
import { useAddPlayer } from '../../api/roster';

type Input = z.input<typeof addPlayerBodySchema>;
type Output = z.output<typeof addPlayerBodySchema>;
const FIELDS = ['firstName', 'lastName', 'parentFirstName', 'parentLastName', 'email', 'phone'] as const;

/** POST /division/{id}/player: a player and the parent who manages the player's page. */
export function AddPlayerDialog({ node, onClose }: { node: OrgDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
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

  const props = (
    name: (typeof FIELDS)[number],
    opts: { required?: boolean; type?: string } = {},
  ): FormTextFieldProps => ({
    ...form.register(name, opts.required ? {} : { setValueAs: blankToUndefined }),
    type: opts.type,
    required: opts.required,
    fullWidth: true,
    fieldError: errors[name],
    testId: `add-player-${name}`,
  });

  return (
    <FormDialog
      onClose={onClose}
      onSubmit={onSubmit}
      testId="add-player-dialog"
      titleId="add-player-title"
      title={t('orgs.roster.addTo', { name: node.name })}
      mutation={mutation}
      errorTestId="add-player-error"
      submitLabel={t('orgs.roster.add')}
      submitTestId="add-player-submit"
    >
      <Typography variant="subtitle2" component="h3">
        {t('orgs.roster.player')}
      </Typography>
      <NameFields first={props('firstName', { required: true })} last={props('lastName', { required: true })} />
      <Typography variant="subtitle2" component="h3">
        {t('orgs.roster.parent')}
      </Typography>
      <NameFields first={props('parentFirstName')} last={props('parentLastName')} />
      <FormTextField label={t('orgs.roster.parentEmail')} {...props('email', { required: true, type: 'email' })} />
      <FormTextField label={t('fields.phone')} {...props('phone', { type: 'tel' })} />
      <Typography variant="body2" color="text.secondary">
        {t('orgs.roster.inviteHint')}
      </Typography>
    </FormDialog>
  );
}

import { addMemberBodySchema, type OrgDetail, ROLES_FOR_TYPE } from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Typography } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog } from '../../../../components/ui/FormDialog';
import { FormTextField, NameFields, SelectField } from '../../../../components/ui/FormFields';
import { useToast } from '../../../../components/ui/ToastProvider';
import { applyFieldErrors, blankToUndefined } from '../../../../lib/api/forms';
import { zodErrorMap } from '../../../../lib/i18n/validation';
import { useAddMember } from '../../api/members';

type Input = z.input<typeof addMemberBodySchema>;
type Output = z.output<typeof addMemberBodySchema>;
const FIELDS = ['email', 'firstName', 'lastName', 'role'] as const;

/** Add a person by email; a new address also needs names and receives an invitation. */
export function AddMemberDialog({ node, onClose }: { node: OrgDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const division = node.typeId === 4;
  const mutation = useAddMember(node.id, division);
  const roles = ROLES_FOR_TYPE[node.typeId];
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(addMemberBodySchema, { error: zodErrorMap(t) }),
    defaultValues: { email: '', firstName: undefined, lastName: undefined, role: roles[0] },
  });
  const { errors } = form.formState;

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
    <FormDialog
      onClose={onClose}
      onSubmit={onSubmit}
      testId="add-member-dialog"
      titleId="add-member-title"
      title={t('orgs.members.addTo', { name: node.name })}
      mutation={mutation}
      errorTestId="add-member-error"
      submitLabel={t('orgs.members.addSubmit')}
      submitTestId="add-member-submit"
    >
      <FormTextField
        {...form.register('email')}
        label={t('fields.email')}
        type="email"
        required
        autoFocus
        fieldError={errors.email}
        testId="add-member-email"
      />
      <Typography variant="body2" color="text.secondary">
        {t('orgs.members.namesHint')}
      </Typography>
      <NameFields
        first={{
          ...form.register('firstName', { setValueAs: blankToUndefined }),
          fieldError: errors.firstName,
          testId: 'add-member-first-name',
        }}
        last={{
          ...form.register('lastName', { setValueAs: blankToUndefined }),
          fieldError: errors.lastName,
          testId: 'add-member-last-name',
        }}
      />
      <Controller
        control={form.control}
        name="role"
        render={({ field }) => (
          <SelectField
            label={t('fields.role')}
            value={field.value ?? roles[0]}
            onChange={(e) => field.onChange(e.target.value)}
            disabled={roles.length === 1}
            fieldError={errors.role}
            testId="add-member-role"
            options={roles.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          />
        )}
      />
    </FormDialog>
  );
}

import { createAffiliateBodySchema } from '@fc/contracts';
import { Checkbox, FormControlLabel } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormDialog } from '../../../../components/ui/FormDialog';
import { FormTextField, NameFields, SelectField } from '../../../../components/ui/FormFields';
import { useToast } from '../../../../components/ui/ToastProvider';
import { applyFieldErrors } from '../../../../lib/api/forms';
import { useCreateAffiliate } from '../../api/affiliates';
import { usePrograms } from '../../api/programs';
import { AboutFields } from '../shared/AboutFields';
import { AffiliateSlugField } from '../shared/SlugField';
import { checkBody, orNull } from '../shared/validate';

export interface CreateAffiliateValues {
  firstName: string;
  lastName: string;
  email: string;
  slug: string;
  website: string;
  phone: string;
  bio: string;
  language: 'en' | 'es';
  programId: string;
  invite: boolean;
}

const FIELDS = ['firstName', 'lastName', 'email', 'slug', 'website', 'phone', 'bio', 'language', 'programId'];

/** "New affiliate" (Super Admin): POST /affiliate; the invitation goes at once unless unticked. */
export function CreateAffiliateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const mutation = useCreateAffiliate();
  const programs = usePrograms();
  const form = useForm<CreateAffiliateValues>({
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      slug: '',
      website: '',
      phone: '',
      bio: '',
      language: 'en',
      programId: '',
      invite: true,
    },
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((v) => {
    const body = checkBody(
      createAffiliateBodySchema,
      {
        firstName: v.firstName.trim(),
        lastName: v.lastName.trim(),
        email: v.email.trim(),
        slug: v.slug.trim().toLowerCase(),
        website: orNull(v.website),
        phone: orNull(v.phone),
        bio: orNull(v.bio),
        language: v.language,
        ...(v.programId ? { programId: Number(v.programId) } : {}),
        invite: v.invite,
      },
      form.setError,
      t,
    );
    if (!body) return;
    mutation.mutate(body, {
      onSuccess: (res) => {
        toast.success(v.invite ? t('affiliates.create.doneInvited') : t('affiliates.create.done'));
        onClose();
        if (res.data?.id) navigate(`/affiliates/view/${res.data.id}`);
      },
      onError: (error) => applyFieldErrors(error, form.setError, FIELDS),
    });
  });
  const active = (programs.data?.data ?? []).filter((p) => p.active);
  return (
    <FormDialog
      onClose={onClose}
      onSubmit={onSubmit}
      testId="affiliate-create-dialog"
      titleId="affiliate-create-title"
      title={t('affiliates.create.title')}
      mutation={mutation}
      errorTestId="affiliate-create-error"
      submitLabel={t('affiliates.create.submit')}
      submitTestId="affiliate-create-submit"
    >
      <NameFields
        first={{
          ...form.register('firstName'),
          required: true,
          fieldError: errors.firstName,
          testId: 'affiliate-first',
        }}
        last={{ ...form.register('lastName'), required: true, fieldError: errors.lastName, testId: 'affiliate-last' }}
      />
      <FormTextField
        {...form.register('email')}
        label={t('fields.email')}
        type="email"
        required
        fullWidth
        fieldError={errors.email}
        testId="affiliate-email"
      />
      <AffiliateSlugField control={form.control} name="slug" testId="affiliate-create" />
      <AboutFields form={form} testId="affiliate" />
      <SelectField
        label={t('affiliates.fields.program')}
        value={form.watch('programId')}
        onChange={(e) => form.setValue('programId', String(e.target.value))}
        emptyLabel={t('affiliates.create.noProgram')}
        options={active.map((p) => ({ value: String(p.id), label: p.name }))}
        helperText={t('affiliates.create.programHelp')}
        fullWidth
        testId="affiliate-program"
      />
      <FormControlLabel
        control={
          <Checkbox
            {...form.register('invite')}
            defaultChecked
            slotProps={{ input: { 'data-testid': 'affiliate-invite' } as object }}
          />
        }
        label={t('affiliates.create.invite')}
      />
    </FormDialog>
  );
}

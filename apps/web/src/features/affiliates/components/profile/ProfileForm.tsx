import { type AffiliateDetail, PAYOUT_METHODS, updateAffiliateBodySchema } from '@fc/contracts';
import { Box, Divider, Stack, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MutationErrorAlert } from '../../../../components/ui/FormDialog';
import { FormTextField, NameFields, SelectField, SubmitButton } from '../../../../components/ui/FormFields';
import { useToast } from '../../../../components/ui/ToastProvider';
import { applyFieldErrors } from '../../../../lib/api/forms';
import { useUpdateAffiliate } from '../../api/affiliates';
import { AboutFields } from '../shared/AboutFields';
import { AffiliateSlugField } from '../shared/SlugField';
import { checkBody, orNull } from '../shared/validate';

interface Values {
  firstName: string;
  lastName: string;
  slug: string;
  website: string;
  phone: string;
  bio: string;
  language: 'en' | 'es';
  payoutMethod: '' | (typeof PAYOUT_METHODS)[number];
  payoutTo: string;
}
const FIELDS = ['firstName', 'lastName', 'slug', 'website', 'phone', 'bio', 'language', 'payoutMethod', 'payoutTo'];

/** The affiliate's own profile and payout details (PUT /affiliate/; never the status). */
export function ProfileForm({ affiliate: a }: { affiliate: AffiliateDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const mutation = useUpdateAffiliate();
  const form = useForm<Values>({
    defaultValues: {
      firstName: a.first_name,
      lastName: a.last_name,
      slug: a.slug,
      website: a.website ?? '',
      phone: a.phone ?? '',
      bio: a.bio ?? '',
      language: a.language,
      payoutMethod: a.payoutMethod ?? '',
      payoutTo: a.payoutTo ?? '',
    },
  });
  const errors = form.formState.errors;
  const method = form.watch('payoutMethod');
  const onSubmit = form.handleSubmit((v) => {
    if (v.payoutMethod && v.payoutTo.trim() === '')
      return form.setError('payoutTo', { type: 'client', message: t('affiliates.profile.payeeRequired') });
    const body = checkBody(
      updateAffiliateBodySchema,
      {
        id: a.id,
        firstName: v.firstName.trim(),
        lastName: v.lastName.trim(),
        slug: v.slug.trim().toLowerCase(),
        website: orNull(v.website),
        phone: orNull(v.phone),
        bio: orNull(v.bio),
        language: v.language,
        payoutMethod: v.payoutMethod || null,
        payoutTo: v.payoutMethod ? orNull(v.payoutTo) : null,
      },
      form.setError,
      t,
    );
    if (!body) return;
    mutation.mutate(body, {
      onSuccess: () => toast.success(t('affiliates.profile.saved')),
      onError: (error) => applyFieldErrors(error, form.setError, FIELDS),
    });
  });
  return (
    <Box component="form" onSubmit={onSubmit} noValidate data-testid="affiliate-profile-form">
      <Stack spacing={2}>
        <MutationErrorAlert mutation={mutation} testId="affiliate-profile-error" />
        <NameFields
          first={{
            ...form.register('firstName'),
            required: true,
            fieldError: errors.firstName,
            testId: 'profile-first',
          }}
          last={{ ...form.register('lastName'), required: true, fieldError: errors.lastName, testId: 'profile-last' }}
        />
        <AffiliateSlugField control={form.control} name="slug" exclude={a.id} current={a.slug} testId="profile" />
        <AboutFields form={form} testId="profile" bioRows={3} />
        <Divider />
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('affiliates.profile.payoutTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('affiliates.profile.payoutHelp')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <SelectField
            label={t('affiliates.fields.payoutMethod')}
            value={method}
            onChange={(e) => form.setValue('payoutMethod', e.target.value as Values['payoutMethod'])}
            emptyLabel={t('affiliates.profile.noMethod')}
            options={PAYOUT_METHODS.map((m) => ({ value: m, label: t(`affiliates.payoutMethod.${m}`) }))}
            fieldError={errors.payoutMethod}
            sx={{ minWidth: 200 }}
            testId="profile-payout-method"
          />
          <FormTextField
            {...form.register('payoutTo')}
            label={method ? t(`affiliates.payeeLabel.${method}`) : t('affiliates.fields.payoutTo')}
            disabled={!method}
            fullWidth
            fieldError={errors.payoutTo}
            testId="profile-payout-to"
          />
        </Stack>
        <Box>
          <SubmitButton pending={mutation.isPending} testId="profile-save">
            {t('common.save')}
          </SubmitButton>
        </Box>
      </Stack>
    </Box>
  );
}

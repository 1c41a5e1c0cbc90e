import {
  ageOn,
  type FundraiserDetail,
  isoDateSchema,
  isPubliclyListable,
  PUBLIC_LISTING_MIN_AGE,
  type UpdateFundraiserBody,
  updateFundraiserBodySchema,
} from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { type Control, Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDateField } from '../../../../components/ui/DateField';
import { FormButtons, MutationErrorAlert } from '../../../../components/ui/FormDialog';
import { FormTextField, NameFields } from '../../../../components/ui/FormFields';
import { useToast } from '../../../../components/ui/ToastProvider';
import { applyFieldErrors } from '../../../../lib/api/forms';
import { useAuth } from '../../../../lib/auth/AuthProvider';
import { zodErrorMap } from '../../../../lib/i18n/validation';
import { useUpdateFundraiser } from '../../api/update-fundraiser';

const S = updateFundraiserBodySchema.shape;
const blankOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]);
const schema = z.object({
  firstName: S.firstName.unwrap(),
  lastName: S.lastName.unwrap(),
  parentFirstName: blankOr(S.parentFirstName.unwrap().unwrap()),
  parentLastName: blankOr(S.parentLastName.unwrap().unwrap()),
  email: S.email.unwrap(),
  phone: blankOr(S.phone.unwrap().unwrap()),
  birthDate: blankOr(isoDateSchema),
  publicListing: z.boolean(),
  showFullName: z.boolean(),
});
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;
/** One privacy choice (described by the explanation under the switches). */
function PrivacySwitch({
  control,
  name,
  label,
  disabled,
  testId,
}: {
  control: Control<Input, unknown, Output>;
  name: 'publicListing' | 'showFullName';
  label: string;
  disabled: boolean;
  testId: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Switch
              checked={field.value}
              onChange={(e) => field.onChange(e.target.checked)}
              onBlur={field.onBlur}
              disabled={disabled}
              slotProps={{ input: { ref: field.ref, 'aria-describedby': 'privacy-explanation' } }}
              data-testid={testId}
            />
          }
          label={label}
        />
      )}
    />
  );
}

const FIELDS = [
  'firstName',
  'lastName',
  'parentFirstName',
  'parentLastName',
  'email',
  'phone',
  'birthDate',
  'publicListing',
  'showFullName',
] as const;
const orNull = (v: string) => (v.trim() === '' ? null : v);
const today = () => new Date().toISOString().slice(0, 10);

/** The form's values for a player as the API returns it (on opening and after saving). */
const valuesOf = (d: FundraiserDetail): Input => ({
  firstName: d.firstName,
  lastName: d.lastName,
  parentFirstName: d.parentFirstName ?? '',
  parentLastName: d.parentLastName ?? '',
  email: d.email,
  phone: d.phone ?? '',
  birthDate: d.birthDate ?? '',
  publicListing: d.publicListing,
  showFullName: d.showFullName,
});

/** The player's details and the family's privacy choices (PATCH /fundraiser/{id}). */
export function PlayerForm({ player }: { player: FundraiserDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const mutation = useUpdateFundraiser(player.id);
  const { user } = useAuth();
  const readOnly = !player.can.update;
  // Who sees the player's name and listing is the family's choice (decision 007): staff see it only.
  const isGuardian = player.guardianUserId !== null && player.guardianUserId === user?.id;
  const privacyLocked = readOnly || !isGuardian;
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema, { error: zodErrorMap(t) }),
    defaultValues: valuesOf(player),
  });
  const { errors, isDirty, dirtyFields } = form.formState;
  const [birthDate, publicListing] = form.watch(['birthDate', 'publicListing']);
  const validBirthDate = isoDateSchema.safeParse(birthDate).success ? birthDate : null;
  const age = ageOn(validBirthDate);
  const listed = isPubliclyListable({ birthDate: validBirthDate, publicListing });

  const onSubmit = form.handleSubmit((v) => {
    const all: UpdateFundraiserBody = {
      firstName: v.firstName,
      lastName: v.lastName,
      parentFirstName: orNull(v.parentFirstName),
      parentLastName: orNull(v.parentLastName),
      email: v.email,
      phone: orNull(v.phone),
      birthDate: v.birthDate === '' ? null : v.birthDate,
      publicListing: v.publicListing,
      showFullName: v.showFullName,
    };
    // Only what changed: an unchanged email or privacy choice is not the caller's to restate.
    const body = Object.fromEntries(
      Object.entries(all).filter(([k]) => dirtyFields[k as keyof typeof dirtyFields]),
    ) as UpdateFundraiserBody;
    mutation.mutate(body, {
      onSuccess: (res) => {
        toast.success(t('fundraisers.view.saved'));
        form.reset(valuesOf(res.data));
      },
      onError: (error) => {
        applyFieldErrors(error, form.setError, FIELDS);
      },
    });
  });

  return (
    <Box component="form" onSubmit={onSubmit} noValidate data-testid="player-form">
      <Stack spacing={2}>
        <MutationErrorAlert mutation={mutation} testId="player-form-error" />
        <Typography variant="subtitle2" component="h3">
          {t('fundraisers.view.playerSection')}
        </Typography>
        <NameFields
          first={{
            ...form.register('firstName'),
            required: true,
            disabled: readOnly,
            fieldError: errors.firstName,
            testId: 'player-first-name',
          }}
          last={{
            ...form.register('lastName'),
            required: true,
            disabled: readOnly,
            fieldError: errors.lastName,
            testId: 'player-last-name',
          }}
        />
        <FormDateField
          control={form.control}
          name="birthDate"
          label={t('fundraisers.fields.birthDate')}
          disabled={readOnly}
          fieldError={errors.birthDate}
          sx={{ maxWidth: { sm: 260 } }}
          max={today()}
          testId="player-birth-date"
        />
        <Typography variant="subtitle2" component="h3" sx={{ pt: 1 }}>
          {t('fundraisers.view.parentSection')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            {...form.register('parentFirstName')}
            label={t('fundraisers.fields.parentFirstName')}
            fullWidth
            disabled={readOnly}
            fieldError={errors.parentFirstName}
            testId="parent-first-name"
          />
          <FormTextField
            {...form.register('parentLastName')}
            label={t('fundraisers.fields.parentLastName')}
            fullWidth
            disabled={readOnly}
            fieldError={errors.parentLastName}
            testId="parent-last-name"
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            {...form.register('email')}
            label={t('fields.email')}
            type="email"
            required
            fullWidth
            disabled={readOnly}
            fieldError={errors.email}
            testId="player-email"
          />
          <FormTextField
            {...form.register('phone')}
            label={t('fields.phone')}
            type="tel"
            fullWidth
            disabled={readOnly}
            fieldError={errors.phone}
            testId="player-phone"
          />
        </Stack>
        <Typography variant="subtitle2" component="h3" sx={{ pt: 1 }}>
          {t('fundraisers.privacy.title')}
        </Typography>
        <PrivacySwitch
          control={form.control}
          name="publicListing"
          label={t('fundraisers.privacy.publicListing')}
          disabled={privacyLocked}
          testId="public-listing-switch"
        />
        <PrivacySwitch
          control={form.control}
          name="showFullName"
          label={t('fundraisers.privacy.showFullName')}
          disabled={privacyLocked}
          testId="show-full-name-switch"
        />
        {privacyLocked && !readOnly ? (
          <Typography variant="body2" color="text.secondary" data-testid="privacy-parent-only">
            {t('fundraisers.privacy.parentOnly')}
          </Typography>
        ) : null}
        <Alert severity="info" id="privacy-explanation" data-testid="privacy-explanation">
          {t('fundraisers.privacy.rule', { age: PUBLIC_LISTING_MIN_AGE })}{' '}
          <strong data-testid="privacy-effect">
            {listed
              ? age !== null && age >= PUBLIC_LISTING_MIN_AGE && !publicListing
                ? t('fundraisers.privacy.listedByAge', { age })
                : t('fundraisers.privacy.listed')
              : t('fundraisers.privacy.notListed')}
          </strong>
        </Alert>
        {readOnly ? null : (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
            {isDirty ? (
              <FormButtons
                onCancel={() => form.reset()}
                submitLabel={t('common.save')}
                submitTestId="player-save"
                busy={mutation.isPending}
              />
            ) : (
              <FormButtons submitLabel={t('common.save')} submitTestId="player-save" busy />
            )}
          </Box>
        )}
      </Stack>
    </Box>
  );
}

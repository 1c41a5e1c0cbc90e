import { NEW_ORGANIZATION_TYPES, SPORTS, US_STATES } from '@fc/contracts';
import { FormControlLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { Controller, type FieldError, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../../../components/ui/DateField';
import { FormTextField, SelectField } from '../../../../components/ui/FormFields';
import { moneyAdornment } from '../../../../components/ui/moneyAdornment';
import type { StepValues } from './stepForms';

type Form<K extends keyof StepValues> = UseFormReturn<StepValues[K]>;
const row = { direction: { xs: 'column', sm: 'row' }, spacing: 2 } as const;

/** Step 2: an existing organization (kept as it is) or a new one described in full. */
export function OrganizationFields({
  form,
  existingName,
}: {
  form: Form<'organization'>;
  existingName: string | null;
}) {
  const { t } = useTranslation();
  const e = form.formState.errors;
  const mode = form.watch('mode');
  return (
    <>
      <Controller
        control={form.control}
        name="mode"
        render={({ field }) => (
          <RadioGroup
            row
            value={field.value}
            onChange={(_e, v) => field.onChange(v)}
            aria-label={t('registrations.fields.choice')}
          >
            <FormControlLabel
              value="existing"
              control={<Radio />}
              label={t('registrations.view.existingOrg')}
              disabled={!existingName}
            />
            <FormControlLabel value="new" control={<Radio />} label={t('registrations.view.newOrg')} />
          </RadioGroup>
        )}
      />
      {mode === 'existing' ? (
        <Typography data-testid="edit-existing-org">{existingName}</Typography>
      ) : (
        <>
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <SelectField
                label={t('registrations.fields.orgType')}
                value={field.value}
                onChange={(ev) => field.onChange(ev.target.value)}
                fieldError={e.type}
                options={NEW_ORGANIZATION_TYPES.map((v) => ({ value: v, label: t(`registrations.orgTypes.${v}`) }))}
                testId="edit-org-type"
              />
            )}
          />
          <FormTextField
            {...form.register('name')}
            label={t('fields.name')}
            required
            fullWidth
            fieldError={e.name}
            testId="edit-org-name"
          />
          <FormTextField
            {...form.register('slug')}
            label={t('registrations.fields.webAddress')}
            required
            fullWidth
            fieldError={e.slug}
            testId="edit-org-slug"
          />
          <Stack {...row}>
            <FormTextField
              {...form.register('city')}
              label={t('registrations.fields.city')}
              required
              fullWidth
              fieldError={e.city}
              testId="edit-org-city"
            />
            <Controller
              control={form.control}
              name="state"
              render={({ field }) => (
                <SelectField
                  label={t('registrations.fields.state')}
                  value={field.value}
                  onChange={(ev) => field.onChange(ev.target.value)}
                  fieldError={e.state}
                  sx={{ minWidth: 120 }}
                  options={US_STATES.map((s) => ({ value: s, label: s }))}
                  testId="edit-org-state"
                />
              )}
            />
          </Stack>
        </>
      )}
    </>
  );
}

/** Step 3: the team. */
export function TeamFields({ form }: { form: Form<'team'> }) {
  const { t } = useTranslation();
  const e = form.formState.errors;
  return (
    <>
      <FormTextField
        {...form.register('name')}
        label={t('fields.name')}
        required
        fullWidth
        fieldError={e.name}
        testId="edit-team-name"
      />
      <Stack {...row}>
        <Controller
          control={form.control}
          name="sport"
          render={({ field }) => (
            <SelectField
              label={t('registrations.fields.sport')}
              value={field.value}
              onChange={(ev) => field.onChange(ev.target.value)}
              fullWidth
              fieldError={e.sport}
              options={SPORTS.map((s) => ({ value: s, label: t(`registrations.sports.${s}`) }))}
              testId="edit-team-sport"
            />
          )}
        />
        <FormTextField
          {...form.register('ageGroup')}
          label={t('registrations.fields.ageGroup')}
          required
          fullWidth
          fieldError={e.ageGroup}
          testId="edit-team-age"
        />
      </Stack>
      <Stack {...row}>
        <FormTextField
          {...form.register('season')}
          label={t('registrations.fields.season')}
          required
          fullWidth
          fieldError={e.season}
          testId="edit-team-season"
        />
        <FormTextField
          {...form.register('rosterSize')}
          label={t('registrations.fields.rosterSize')}
          required
          fullWidth
          inputMode="numeric"
          fieldError={e.rosterSize}
          testId="edit-team-roster"
        />
      </Stack>
      <FormTextField
        {...form.register('slug')}
        label={t('registrations.fields.webAddress')}
        required
        fullWidth
        fieldError={e.slug}
        testId="edit-team-slug"
      />
    </>
  );
}

type ContactKey = 'admin' | 'coach' | 'treasurer';
/** Step 4: the team admin, and the coach and treasurer (left blank: none). */
export function ContactsFields({ form }: { form: Form<'contacts'> }) {
  const { t } = useTranslation();
  const errors = form.formState.errors;
  return (
    <>
      {(['admin', 'coach', 'treasurer'] as const).map((who: ContactKey) => {
        const e = (errors[who] ?? {}) as Partial<Record<'firstName' | 'lastName' | 'email' | 'phone', FieldError>>;
        return (
          <Stack key={who} spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
              {t(`registrations.contacts.${who}`)}
              {who === 'admin' ? null : ` (${t('registrations.edit.optional')})`}
            </Typography>
            <Stack {...row}>
              <FormTextField
                {...form.register(`${who}.firstName`)}
                label={t('fields.firstName')}
                required={who === 'admin'}
                fullWidth
                fieldError={e.firstName}
                testId={`edit-${who}-first`}
              />
              <FormTextField
                {...form.register(`${who}.lastName`)}
                label={t('fields.lastName')}
                required={who === 'admin'}
                fullWidth
                fieldError={e.lastName}
                testId={`edit-${who}-last`}
              />
            </Stack>
            <Stack {...row}>
              <FormTextField
                {...form.register(`${who}.email`)}
                label={t('fields.email')}
                type="email"
                required={who === 'admin'}
                fullWidth
                fieldError={e.email}
                testId={`edit-${who}-email`}
              />
              <FormTextField
                {...form.register(`${who}.phone`)}
                label={t('registrations.fields.phone')}
                type="tel"
                fullWidth
                fieldError={e.phone}
                testId={`edit-${who}-phone`}
              />
            </Stack>
          </Stack>
        );
      })}
    </>
  );
}

/** Step 5: the first campaign's goals (typed in dollars), dates and purpose. */
export function FundraisingFields({ form }: { form: Form<'fundraising'> }) {
  const { t } = useTranslation();
  const e = form.formState.errors;
  const dollars = { input: moneyAdornment() };
  return (
    <>
      <Stack {...row}>
        <FormTextField
          {...form.register('goal')}
          label={t('registrations.fields.goal')}
          required
          fullWidth
          inputMode="decimal"
          slotProps={dollars}
          fieldError={e.goal}
          testId="edit-goal"
        />
        <FormTextField
          {...form.register('playerGoal')}
          label={t('registrations.fields.playerGoal')}
          required
          fullWidth
          inputMode="decimal"
          slotProps={dollars}
          fieldError={e.playerGoal}
          testId="edit-player-goal"
        />
      </Stack>
      <Stack {...row}>
        <FormDateField
          control={form.control}
          name="startDate"
          label={t('registrations.fields.startDate')}
          fullWidth
          fieldError={e.startDate}
          testId="edit-start"
        />
        <FormDateField
          control={form.control}
          name="endDate"
          label={t('registrations.fields.endDate')}
          fullWidth
          fieldError={e.endDate}
          testId="edit-end"
        />
      </Stack>
      <FormTextField
        {...form.register('purpose')}
        label={t('registrations.fields.purpose')}
        required
        fullWidth
        multiline
        minRows={3}
        fieldError={e.purpose}
        testId="edit-purpose"
      />
    </>
  );
}

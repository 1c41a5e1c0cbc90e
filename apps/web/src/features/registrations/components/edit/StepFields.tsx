import { NEW_ORGANIZATION_TYPES, SPORTS, US_STATES } from '@fc/contracts';
import { FormControlLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../../../components/ui/DateField';
import { moneyAdornment } from '../../../../components/ui/moneyAdornment';
import { BoundSelectField, BoundTextField } from './BoundFields';
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
          <BoundSelectField
            form={form}
            name="type"
            label={t('registrations.fields.orgType')}
            options={NEW_ORGANIZATION_TYPES.map((v) => ({ value: v, label: t(`registrations.orgTypes.${v}`) }))}
            testId="edit-org-type"
          />
          <BoundTextField form={form} name="name" label={t('fields.name')} testId="edit-org-name" />
          <BoundTextField form={form} name="slug" label={t('registrations.fields.webAddress')} testId="edit-org-slug" />
          <Stack {...row}>
            <BoundTextField form={form} name="city" label={t('registrations.fields.city')} testId="edit-org-city" />
            <BoundSelectField
              form={form}
              name="state"
              label={t('registrations.fields.state')}
              sx={{ minWidth: 120 }}
              options={US_STATES.map((s) => ({ value: s, label: s }))}
              testId="edit-org-state"
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
  return (
    <>
      <BoundTextField form={form} name="name" label={t('fields.name')} testId="edit-team-name" />
      <Stack {...row}>
        <BoundSelectField
          form={form}
          name="sport"
          label={t('registrations.fields.sport')}
          fullWidth
          options={SPORTS.map((s) => ({ value: s, label: t(`registrations.sports.${s}`) }))}
          testId="edit-team-sport"
        />
        <BoundTextField form={form} name="ageGroup" label={t('registrations.fields.ageGroup')} testId="edit-team-age" />
      </Stack>
      <Stack {...row}>
        <BoundTextField form={form} name="season" label={t('registrations.fields.season')} testId="edit-team-season" />
        <BoundTextField
          form={form}
          name="rosterSize"
          label={t('registrations.fields.rosterSize')}
          inputMode="numeric"
          testId="edit-team-roster"
        />
      </Stack>
      <BoundTextField form={form} name="slug" label={t('registrations.fields.webAddress')} testId="edit-team-slug" />
    </>
  );
}

type ContactKey = 'admin' | 'coach' | 'treasurer';
/** Step 4: the team admin, and the coach and treasurer (left blank: none). */
export function ContactsFields({ form }: { form: Form<'contacts'> }) {
  const { t } = useTranslation();
  return (
    <>
      {(['admin', 'coach', 'treasurer'] as const).map((who: ContactKey) => (
        <Stack key={who} spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
            {t(`registrations.contacts.${who}`)}
            {who === 'admin' ? null : ` (${t('registrations.edit.optional')})`}
          </Typography>
          <Stack {...row}>
            <BoundTextField
              form={form}
              name={`${who}.firstName`}
              label={t('fields.firstName')}
              required={who === 'admin'}
              testId={`edit-${who}-first`}
            />
            <BoundTextField
              form={form}
              name={`${who}.lastName`}
              label={t('fields.lastName')}
              required={who === 'admin'}
              testId={`edit-${who}-last`}
            />
          </Stack>
          <Stack {...row}>
            <BoundTextField
              form={form}
              name={`${who}.email`}
              label={t('fields.email')}
              type="email"
              required={who === 'admin'}
              testId={`edit-${who}-email`}
            />
            <BoundTextField
              form={form}
              name={`${who}.phone`}
              label={t('registrations.fields.phone')}
              type="tel"
              testId={`edit-${who}-phone`}
              required={false}
            />
          </Stack>
        </Stack>
      ))}
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
        <BoundTextField
          form={form}
          name="goal"
          label={t('registrations.fields.goal')}
          inputMode="decimal"
          slotProps={dollars}
          testId="edit-goal"
        />
        <BoundTextField
          form={form}
          name="playerGoal"
          label={t('registrations.fields.playerGoal')}
          inputMode="decimal"
          slotProps={dollars}
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
      <BoundTextField
        form={form}
        name="purpose"
        label={t('registrations.fields.purpose')}
        multiline
        minRows={3}
        testId="edit-purpose"
      />
    </>
  );
}

import { CAMPAIGN_STATUSES, slugify } from '@fc/contracts';
import { Stack, TextField } from '@mui/material';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../../../components/ui/DateField';
import { FormTextField, SelectField } from '../../../../components/ui/FormFields';
import { moneyAdornment } from '../../../../components/ui/moneyAdornment';
import type { DivisionOption, OwnerNode } from '../../api/org-options';
import { CampaignSlugField } from '../shared/CampaignSlugField';
import type { CampaignFormValues } from './campaignFormSchema';
import { DivisionsSelect } from './DivisionsSelect';
import { OrgPicker } from './OwnerPicker';

interface CampaignFormFieldsProps {
  form: UseFormReturn<CampaignFormValues>;
  mode: 'create' | 'edit';
  /** Edit: the campaign's id (its own address counts as free) and its owner (fixed). */
  campaignId?: number;
  fixedOwner?: OwnerNode;
  currentDivisions?: DivisionOption[];
  /** Create: the address follows the title until someone edits it. */
  slugEdited: boolean;
  onSlugEdited: () => void;
}

/** Title, address, status, owner, divisions, dates, goals and texts of a campaign. */
export function CampaignFormFields({
  form,
  mode,
  campaignId,
  fixedOwner,
  currentDivisions,
  slugEdited,
  onSlugEdited,
}: CampaignFormFieldsProps) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  const title = form.watch('title');
  const owner = form.watch('owner');
  const dollars = { input: moneyAdornment() };

  return (
    <>
      <FormTextField
        {...form.register('title', {
          onChange: (e: { target: { value: string } }) => {
            if (mode === 'create' && !slugEdited)
              form.setValue('slug', slugify(e.target.value), { shouldValidate: form.formState.isSubmitted });
          },
        })}
        label={t('campaigns.fields.title')}
        required
        autoFocus={mode === 'create'}
        fullWidth
        fieldError={errors.title}
        testId="campaign-title"
      />
      <Controller
        control={form.control}
        name="slug"
        render={({ field }) => (
          <CampaignSlugField
            value={field.value}
            onChange={(v) => {
              onSlugEdited();
              field.onChange(v);
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={errors.slug?.message}
            exclude={campaignId}
            title={title}
          />
        )}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {fixedOwner ? (
          <TextField label={t('campaigns.fields.owner')} value={fixedOwner.name} disabled fullWidth />
        ) : (
          <Controller
            control={form.control}
            name="owner"
            render={({ field }) => (
              <Stack sx={{ flex: 1, minWidth: 0 }}>
                <OrgPicker
                  source="owners"
                  value={field.value}
                  onChange={(v) => {
                    field.onChange(v);
                    form.setValue('divisions', []);
                  }}
                  onBlur={field.onBlur}
                  label={t('campaigns.fields.owner')}
                  error={errors.owner?.message}
                  required
                  testId="campaign-owner"
                />
              </Stack>
            )}
          />
        )}
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => (
            <SelectField
              label={t('fields.status')}
              value={field.value}
              onChange={(e) => field.onChange(e.target.value)}
              sx={{ minWidth: { sm: 180 } }}
              fieldError={errors.status}
              testId="campaign-status"
              options={CAMPAIGN_STATUSES.map((s) => ({ value: s, label: t(`campaigns.status.${s}`) }))}
            />
          )}
        />
      </Stack>
      <Controller
        control={form.control}
        name="divisions"
        render={({ field }) => (
          <DivisionsSelect
            owner={fixedOwner ?? owner}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.divisions?.message}
            current={currentDivisions}
          />
        )}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormDateField
          control={form.control}
          name="startDate"
          label={t('campaigns.fields.startDate')}
          fullWidth
          fieldError={errors.startDate}
          testId="campaign-start"
        />
        <FormDateField
          control={form.control}
          name="endDate"
          label={t('campaigns.fields.endDate')}
          fullWidth
          fieldError={errors.endDate}
          testId="campaign-end"
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          {...form.register('goal')}
          label={t('campaigns.fields.goal')}
          required
          fullWidth
          fieldError={errors.goal}
          slotProps={dollars}
          testId="campaign-goal"
        />
        <FormTextField
          {...form.register('playerGoal')}
          label={t('campaigns.fields.playerGoal')}
          fullWidth
          fieldError={errors.playerGoal}
          slotProps={dollars}
          testId="campaign-player-goal"
        />
      </Stack>
      <FormTextField
        {...form.register('shortDescription')}
        label={t('campaigns.fields.shortDescription')}
        multiline
        minRows={2}
        fullWidth
        fieldError={errors.shortDescription}
        testId="campaign-short-description"
      />
      <FormTextField
        {...form.register('story')}
        label={t('campaigns.fields.story')}
        multiline
        minRows={4}
        fullWidth
        fieldError={errors.story}
        testId="campaign-story"
      />
    </>
  );
}

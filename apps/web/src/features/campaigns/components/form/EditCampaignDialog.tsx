import type { CampaignDetail } from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/ui/FormDialog';
import { useToast } from '../../../../components/ui/ToastProvider';
import { applyFieldErrors } from '../../../../lib/api/forms';
import { zodErrorMap } from '../../../../lib/i18n/validation';
import { useUpdateCampaign } from '../../api/save-campaign';
import { CampaignLogo } from '../shared/CampaignLogo';
import { CampaignFormFields } from './CampaignFormFields';
import {
  bodyOf,
  type CampaignFormValues,
  campaignFormSchema,
  FIELD_ALIASES,
  FORM_FIELDS,
  valuesOf,
} from './campaignFormSchema';

/** PUT /campaign/ and the logo: mounted only while open, so each opening starts from the current values. */
export function EditCampaignDialog({ campaign, onClose }: { campaign: CampaignDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const mutation = useUpdateCampaign();
  const schema = useMemo(() => campaignFormSchema(t, 'edit'), [t]);
  const defaults = useMemo(() => valuesOf(campaign), [campaign]);
  const form = useForm<CampaignFormValues>({
    resolver: zodResolver(schema, { error: zodErrorMap(t) }),
    defaultValues: defaults,
  });
  const owner = useMemo(
    () => ({ id: campaign.organization, name: campaign.organization_name }),
    [campaign.organization, campaign.organization_name],
  );

  const onSubmit = form.handleSubmit((v) =>
    mutation.mutate(
      { id: campaign.id, ...bodyOf(v) },
      {
        onSuccess: () => {
          toast.success(t('campaigns.edit.saved'));
          onClose();
        },
        onError: (error) => {
          applyFieldErrors(error, form.setError, FORM_FIELDS, FIELD_ALIASES);
        },
      },
    ),
  );

  return (
    <FormDialog
      onClose={onClose}
      onSubmit={onSubmit}
      testId="edit-campaign-dialog"
      titleId="edit-campaign-title"
      title={t('campaigns.edit.title', { title: campaign.title })}
      mutation={mutation}
      errorTestId="edit-campaign-error"
      submitLabel={t('common.save')}
      submitTestId="edit-campaign-submit"
      maxWidth="md"
    >
      <CampaignLogo campaign={campaign} canUpload size={72} />
      <CampaignFormFields
        form={form}
        mode="edit"
        campaignId={campaign.id}
        fixedOwner={owner}
        currentDivisions={defaults.divisions}
        slugEdited
        onSlugEdited={() => undefined}
      />
    </FormDialog>
  );
}

import type { CampaignDetail } from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/ui/FormDialog';
import { useToast } from '../../../../components/ui/ToastProvider';
import { applyFieldErrors } from '../../../../lib/api/forms';
import { zodErrorMap } from '../../../../lib/i18n/validation';
import { useOwnerOptions } from '../../api/org-options';
import { useCreateCampaign } from '../../api/save-campaign';
import { CampaignFormFields } from './CampaignFormFields';
import {
  bodyOf,
  type CampaignFormValues,
  campaignFormSchema,
  emptyValues,
  FIELD_ALIASES,
  FORM_FIELDS,
} from './campaignFormSchema';

interface CreateCampaignDialogProps {
  onClose: () => void;
  onCreated: (campaign: CampaignDetail) => void;
}

/** POST /campaign/: mounted only while open, so each opening starts empty. */
export function CreateCampaignDialog({ onClose, onCreated }: CreateCampaignDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const mutation = useCreateCampaign();
  const [slugEdited, setSlugEdited] = useState(false);
  const schema = useMemo(() => campaignFormSchema(t, 'create'), [t]);
  const form = useForm<CampaignFormValues>({
    resolver: zodResolver(schema, { error: zodErrorMap(t) }),
    defaultValues: emptyValues,
  });

  // Someone who manages exactly one node (a Team Admin) has nothing to choose: start with it.
  const owners = useOwnerOptions('', true);
  const only = owners.data?.length === 1 ? owners.data[0] : undefined;
  useEffect(() => {
    if (only && !form.getValues('owner')) form.setValue('owner', only);
  }, [only, form]);

  const onSubmit = form.handleSubmit((v) =>
    mutation.mutate(
      { ...bodyOf(v), organizationId: v.owner?.id ?? 0 },
      {
        onSuccess: (res) => {
          toast.success(t('campaigns.create.created', { title: res.data.title }));
          onCreated(res.data);
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
      testId="create-campaign-dialog"
      titleId="create-campaign-title"
      title={t('campaigns.create.title')}
      mutation={mutation}
      errorTestId="create-campaign-error"
      submitLabel={t('campaigns.create.submit')}
      submitTestId="create-campaign-submit"
      maxWidth="md"
    >
      <CampaignFormFields form={form} mode="create" slugEdited={slugEdited} onSlugEdited={() => setSlugEdited(true)} />
    </FormDialog>
  );
}

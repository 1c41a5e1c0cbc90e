import type { DonationDetail } from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Card, CardContent, Stack } from '@mui/material';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MutationErrorAlert } from '../../../../components/ui/FormDialog';
import { SubmitButton } from '../../../../components/ui/FormFields';
import { PageHeader } from '../../../../components/ui/PageHeader';
import { useToast } from '../../../../components/ui/ToastProvider';
import { applyFieldErrors } from '../../../../lib/api/forms';
import { zodErrorMap } from '../../../../lib/i18n/validation';
import { useCreateOfflineDonation } from '../../api/create-offline-donation';
import { useMoney } from '../shared/format';
import { CreatedAlert } from './CreatedAlert';
import { DonorSection } from './DonorSection';
import {
  bodyOf,
  type DataEntryValues,
  dataEntrySchema,
  emptyValues,
  FIELD_ALIASES,
  FORM_FIELDS,
} from './dataEntrySchema';
import { GiftSection } from './GiftSection';

/** /system/dataentry (DECISIONS §1): staff record a cash or check gift against a campaign and player. */
export function DataEntryPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const money = useMoney();
  const mutation = useCreateOfflineDonation();
  const [created, setCreated] = useState<DonationDetail | null>(null);
  const schema = useMemo(() => dataEntrySchema(t), [t]);
  const language = i18n.language.startsWith('es') ? 'es' : 'en';
  const form = useForm<DataEntryValues>({
    resolver: zodResolver(schema, { error: zodErrorMap(t) }),
    defaultValues: emptyValues(language),
  });

  const onSubmit = form.handleSubmit((v) =>
    mutation.mutate(bodyOf(v), {
      onSuccess: (res) => {
        setCreated(res.data);
        toast.success(t('donations.dataEntry.done', { amount: money(res.data.amountCents), name: res.data.donorName }));
        // Ready for the next envelope of the same campaign: keep the campaign, method, date and choices.
        form.reset({
          ...emptyValues(v.language),
          campaignId: v.campaignId,
          offlineMethod: v.offlineMethod,
          receivedOn: v.receivedOn,
          sendReceipt: v.sendReceipt,
        });
        window.scrollTo({ top: 0, behavior: 'smooth' });
      },
      onError: (error) => {
        applyFieldErrors(error, form.setError, FORM_FIELDS, FIELD_ALIASES);
      },
    }),
  );

  return (
    <>
      <PageHeader
        title={t('donations.dataEntry.title')}
        subtitle={t('donations.dataEntry.subtitle')}
        actions={
          <Button component={RouterLink} to="/donations/list?method=offline" variant="outlined">
            {t('donations.dataEntry.seeOffline')}
          </Button>
        }
      />
      {created ? <CreatedAlert created={created} onClose={() => setCreated(null)} /> : null}
      <Card>
        <CardContent>
          <Box component="form" onSubmit={onSubmit} noValidate aria-label={t('donations.dataEntry.title')}>
            <Stack spacing={3}>
              <MutationErrorAlert mutation={mutation} testId="dataentry-error" />
              <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
                <GiftSection form={form} />
                <DonorSection form={form} />
              </Box>
              <Box>
                <SubmitButton pending={mutation.isPending} testId="dataentry-submit">
                  {t('donations.dataEntry.submit')}
                </SubmitButton>
              </Box>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </>
  );
}

import type { AffiliateDetail } from '@fc/contracts';
import { Alert } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/ui/FormDialog';
import { SelectField } from '../../../../components/ui/FormFields';
import { useToast } from '../../../../components/ui/ToastProvider';
import { fullName } from '../../../../lib/format';
import { useOfferProgram } from '../../api/actions';
import { usePrograms } from '../../api/programs';

/** Offer a program (POST /affiliate/offer): the active programs not yet offered or accepted. */
export function OfferDialog({ affiliate: a, onClose }: { affiliate: AffiliateDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const programs = usePrograms();
  const mutation = useOfferProgram();
  const [programId, setProgramId] = useState('');
  const [missing, setMissing] = useState(false);
  const taken = new Set(a.offers.filter((o) => o.status !== 'withdrawn').map((o) => o.programId));
  const options = (programs.data?.data ?? []).filter((p) => p.active && !taken.has(p.id));
  return (
    <FormDialog
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        if (!programId) return setMissing(true);
        mutation.mutate(
          { affiliateId: a.id, programId: Number(programId) },
          {
            onSuccess: () => {
              toast.success(t('affiliates.offer.done', { name: fullName(a.first_name, a.last_name) }));
              onClose();
            },
          },
        );
      }}
      testId="offer-dialog"
      titleId="offer-dialog-title"
      title={t('affiliates.offer.title')}
      mutation={mutation}
      submitLabel={t('affiliates.offer.submit')}
      submitTestId="offer-submit"
      maxWidth="xs"
    >
      {programs.isSuccess && options.length === 0 ? <Alert severity="info">{t('affiliates.offer.none')}</Alert> : null}
      <SelectField
        label={t('affiliates.fields.program')}
        value={programId}
        onChange={(e) => {
          setProgramId(String(e.target.value));
          setMissing(false);
        }}
        options={options.map((p) => ({ value: String(p.id), label: p.name }))}
        error={missing}
        helperText={missing ? t('validation.required') : t('affiliates.offer.help')}
        required
        fullWidth
        testId="offer-program"
      />
    </FormDialog>
  );
}

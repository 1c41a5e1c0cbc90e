import type { AffiliateDetail, OrgRef } from '@fc/contracts';
import { InputAdornment } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/ui/FormDialog';
import { FormTextField } from '../../../../components/ui/FormFields';
import { OrgAutocomplete, useOrgPickerSearch } from '../../../../components/ui/OrgAutocomplete';
import { useToast } from '../../../../components/ui/ToastProvider';
import { fullName } from '../../../../lib/format';
import { useAttachOrganizations } from '../../api/actions';
import { useOrgSearch } from '../../api/affiliates';
import { percentToBps } from '../shared/validate';

/**
 * Attach organizations (POST /organization_affiliate/bulkadd): gifts to them, or below them,
 * earn the affiliate a commission; an optional share (%) replaces the program's for them.
 */
export function AttachDialog({ affiliate: a, onClose }: { affiliate: AffiliateDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const search = useOrgPickerSearch({ multiple: true });
  const options = useOrgSearch(search.q, search.open);
  const mutation = useAttachOrganizations();
  const [chosen, setChosen] = useState<OrgRef[]>([]);
  const [share, setShare] = useState('');
  const [errors, setErrors] = useState<{ orgs?: string; share?: string }>({});
  const attached = new Set(a.organizations.map((o) => o.organizationId));
  return (
    <FormDialog
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        const bps = share.trim() === '' ? null : percentToBps(share);
        const next = {
          ...(chosen.length === 0 ? { orgs: t('affiliates.orgs.pickOne') } : {}),
          ...(share.trim() !== '' && bps === null ? { share: t('affiliates.programs.percentInvalid') } : {}),
        };
        setErrors(next);
        if (next.orgs || next.share) return;
        mutation.mutate(
          {
            affiliateId: a.id,
            organizations: chosen.map((o) => ({ organizationId: o.id, giftShareBpsOverride: bps })),
          },
          {
            onSuccess: (res) => {
              toast.success(t('affiliates.orgs.attached', { count: res.data.added + res.data.updated }));
              onClose();
            },
          },
        );
      }}
      testId="attach-dialog"
      titleId="attach-dialog-title"
      title={t('affiliates.orgs.attachTitle', { name: fullName(a.first_name, a.last_name) })}
      mutation={mutation}
      errorTestId="attach-error"
      submitLabel={t('affiliates.orgs.attach')}
      submitTestId="attach-submit"
    >
      <OrgAutocomplete
        multiple
        value={chosen}
        onChange={(v) => {
          setChosen(v);
          setErrors((e) => ({ ...e, orgs: undefined }));
        }}
        search={search}
        options={(options.data?.data ?? []).filter((o) => !attached.has(o.id))}
        query={options}
        label={t('affiliates.orgs.pick')}
        noMatchText={t('affiliates.orgs.noMatch')}
        noneText={t('affiliates.orgs.typeToSearch')}
        error={errors.orgs}
        required
        testId="attach-orgs"
      />
      <FormTextField
        label={t('affiliates.fields.shareOverride')}
        value={share}
        onChange={(e) => setShare(e.target.value)}
        inputMode="decimal"
        fullWidth
        fieldError={errors.share ? { message: errors.share } : undefined}
        slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
        testId="attach-share"
      />
    </FormDialog>
  );
}

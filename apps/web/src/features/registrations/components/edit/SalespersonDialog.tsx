import type { RegistrationDetail } from '@fc/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/ui/FormDialog';
import { SelectField } from '../../../../components/ui/FormFields';
import { useToast } from '../../../../components/ui/ToastProvider';
import { useSalespeople } from '../../api/get-salespeople';
import { useUpdateRegistration } from '../../api/update-registration';

/** PUT /onboarding/ with `salesUserId`: a Super Admin assigns an FYS Sales user, or none. */
export function SalespersonDialog({
  registration: r,
  onClose,
}: {
  registration: RegistrationDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const people = useSalespeople();
  const mutation = useUpdateRegistration();
  const [chosen, setChosen] = useState<number | ''>(r.salesperson?.id ?? '');
  const options = (people.data?.data ?? []).map((u) => ({ value: u.id, label: `${u.firstName} ${u.lastName}` }));
  // The current salesperson stays choosable even when the list does not include them.
  if (r.salesperson && !options.some((o) => o.value === r.salesperson?.id))
    options.unshift({ value: r.salesperson.id, label: r.salesperson.name });
  return (
    <FormDialog
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        mutation.mutate(
          { id: r.id, salesUserId: chosen === '' ? null : chosen },
          {
            onSuccess: () => {
              toast.success(t('registrations.salesperson.saved'));
              onClose();
            },
          },
        );
      }}
      testId="salesperson-dialog"
      titleId="salesperson-dialog-title"
      title={t('registrations.salesperson.title')}
      mutation={mutation}
      errorTestId="salesperson-error"
      submitLabel={t('common.save')}
      submitTestId="salesperson-submit"
      maxWidth="xs"
    >
      <SelectField
        label={t('registrations.fields.salesperson')}
        value={chosen}
        onChange={(e) => setChosen(e.target.value === '' ? '' : Number(e.target.value))}
        emptyLabel={t('registrations.unassigned')}
        disabled={people.isPending}
        fullWidth
        options={options}
        testId="salesperson-select"
      />
    </FormDialog>
  );
}

import { contactInputSchema, type FundraiserContact } from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../../../components/ui/FormDialog';
import { FormTextField } from '../../../../components/ui/FormFields';
import { useToast } from '../../../../components/ui/ToastProvider';
import { isApiError } from '../../../../lib/api/errors';
import { applyFieldErrors } from '../../../../lib/api/forms';
import { zodErrorMap } from '../../../../lib/i18n/validation';
import { useCreateContacts, useUpdateContact } from '../../api/contacts';

const S = contactInputSchema.shape;
const schema = z.object({
  name: S.name,
  email: S.email,
  phone: z.union([z.literal(''), S.phone.unwrap().unwrap()]),
});
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;
const FIELDS = ['name', 'email', 'phone'] as const;

interface ContactDialogProps {
  playerId: number;
  campaignId: number;
  /** The contact being edited; none to add one. */
  contact: FundraiserContact | null;
  onClose: () => void;
}

/**
 * Add one contact (POST /fundraiser_contact) or edit one (POST /fundraiser_contact/update).
 * Mounted only while open, so each opening starts from the contact's current values.
 */
export function ContactDialog({ playerId, campaignId, contact, onClose }: ContactDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateContacts(playerId, campaignId);
  const update = useUpdateContact(playerId, campaignId);
  const mutation = contact ? update : create;
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema, { error: zodErrorMap(t) }),
    defaultValues: { name: contact?.name ?? '', email: contact?.email ?? '', phone: contact?.phone ?? '' },
  });
  const { errors } = form.formState;

  const onError = (error: unknown) => {
    // The server's field sentences are English: the known case gets the UI language's.
    if (isApiError(error) && error.code === 'CONTACT_EXISTS') {
      form.setError('email', { type: 'server', message: t('fundraisers.contacts.alreadyListed') });
      return;
    }
    applyFieldErrors(error, form.setError, FIELDS);
  };
  const onSubmit = form.handleSubmit((v) => {
    const phone = v.phone === '' ? null : v.phone;
    if (contact) {
      update.mutate(
        { id: contact.id, name: v.name, email: v.email, phone },
        {
          onSuccess: () => {
            toast.success(t('fundraisers.contacts.updated'));
            onClose();
          },
          onError,
        },
      );
      return;
    }
    create.mutate([{ name: v.name, email: v.email, phone }], {
      onSuccess: (res) => {
        if (res.data.added === 0 && res.data.duplicates > 0) {
          form.setError('email', { type: 'server', message: t('fundraisers.contacts.alreadyListed') });
          return;
        }
        toast.success(t('fundraisers.contacts.added', { name: v.name }));
        onClose();
      },
      onError,
    });
  });

  return (
    <FormDialog
      onClose={onClose}
      onSubmit={onSubmit}
      testId="contact-dialog"
      titleId="contact-dialog-title"
      title={contact ? t('fundraisers.contacts.editTitle', { name: contact.name }) : t('fundraisers.contacts.addTitle')}
      mutation={mutation}
      errorTestId="contact-dialog-error"
      submitLabel={contact ? t('common.save') : t('fundraisers.contacts.add')}
      submitTestId="contact-submit"
      maxWidth="xs"
    >
      <FormTextField
        {...form.register('name')}
        label={t('fields.name')}
        required
        fullWidth
        autoFocus
        fieldError={errors.name}
        testId="contact-name"
      />
      <FormTextField
        {...form.register('email')}
        label={t('fields.email')}
        type="email"
        required
        fullWidth
        fieldError={errors.email}
        testId="contact-email"
      />
      <FormTextField
        {...form.register('phone')}
        label={t('fundraisers.contacts.phoneOptional')}
        type="tel"
        fullWidth
        fieldError={errors.phone}
        testId="contact-phone"
      />
    </FormDialog>
  );
}

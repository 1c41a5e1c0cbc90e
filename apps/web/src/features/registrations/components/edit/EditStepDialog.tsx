import type { RegistrationDetail } from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { type FieldValues, type Path, type UseFormReturn, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/ui/FormDialog';
import { useToast } from '../../../../components/ui/ToastProvider';
import { isApiError } from '../../../../lib/api/errors';
import { fieldErrorMessage } from '../../../../lib/api/forms';
import { zodErrorMap } from '../../../../lib/i18n/validation';
import { useUpdateRegistration } from '../../api/update-registration';
import type { EditableStep } from '../view/AnswerSections';
import { ContactsFields, FundraisingFields, OrganizationFields, TeamFields } from './StepFields';
import { answerOf, defaultsOf, formField, type StepValues, stepFormSchema } from './stepForms';

/**
 * The server's field errors on the dialog's fields: it names them `body.answers.<step>.<field>`
 * (`…contacts.coach.email`, `…fundraising.goalCents`). Returns whether any was placed.
 */
export function applyStepErrors<T extends FieldValues>(
  error: unknown,
  step: EditableStep,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): boolean {
  if (!isApiError(error)) return false;
  const prefix = `answers.${step}.`;
  let placed = false;
  for (const fe of error.fieldErrors) {
    const path = fe.path.replace(/^body\./, '');
    if (!path.startsWith(prefix)) continue;
    const name = formField(path.slice(prefix.length).split('.'));
    if (!fields.some((f) => name === f || name.startsWith(`${f}.`))) continue;
    setError(name as Path<T>, { type: 'server', message: fieldErrorMessage(error, fe.message) });
    placed = true;
  }
  return placed;
}

interface EditStepDialogProps {
  registration: RegistrationDetail;
  step: EditableStep;
  onClose: () => void;
}

/** PUT /onboarding/ with one step's answer, checked with that step's contract schema; mounted only while open. */
export function EditStepDialog({ registration: r, step, onClose }: EditStepDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const mutation = useUpdateRegistration();
  const schema = useMemo(() => stepFormSchema(step, t), [step, t]);
  const defaults = useMemo(() => defaultsOf(step, r.answers), [step, r.answers]);
  const form = useForm<StepValues[EditableStep]>({
    resolver: zodResolver(schema, { error: zodErrorMap(t) }),
    defaultValues: defaults,
  });

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(
      { id: r.id, answers: { [step]: answerOf(step, values) } as never },
      {
        onSuccess: () => {
          toast.success(t('registrations.edit.saved'));
          onClose();
        },
        onError: (error) => applyStepErrors(error, step, form.setError, Object.keys(defaults)),
      },
    ),
  );

  const section = t(`registrations.steps.${step}`);
  return (
    <FormDialog
      onClose={onClose}
      onSubmit={onSubmit}
      testId="edit-step-dialog"
      titleId="edit-step-title"
      title={t('registrations.edit.title', { section })}
      mutation={mutation}
      errorTestId="edit-step-error"
      submitLabel={t('common.save')}
      submitTestId="edit-step-submit"
      maxWidth="md"
    >
      {step === 'organization' ? (
        <OrganizationFields
          form={form as unknown as UseFormReturn<StepValues['organization']>}
          existingName={r.answers.organization?.mode === 'existing' ? (r.organizationName ?? '') : null}
        />
      ) : step === 'team' ? (
        <TeamFields form={form as unknown as UseFormReturn<StepValues['team']>} />
      ) : step === 'contacts' ? (
        <ContactsFields form={form as unknown as UseFormReturn<StepValues['contacts']>} />
      ) : (
        <FundraisingFields form={form as unknown as UseFormReturn<StepValues['fundraising']>} />
      )}
    </FormDialog>
  );
}

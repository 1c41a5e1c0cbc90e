import type { ReactNode } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useWebAddressCheck, WebAddressField } from '../../../../components/ui/WebAddressField';
import { affiliateKeys } from '../../api/keys';

interface Props<F extends FieldValues> {
  control: Control<F>;
  name: Path<F>;
  /** The record edited: its own address counts as free. */
  exclude?: number | undefined;
  current?: string | undefined;
  testId: string;
}

/** The affiliate's web address (`/affiliate/{slug}`), checked as it is typed (GET /affiliate/validate-url/{url}). */
export function AffiliateSlugField<F extends FieldValues>({
  control,
  name,
  exclude,
  current,
  testId,
}: Props<F>): ReactNode {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  const value = String(field.value ?? '');
  const check = useWebAddressCheck(value, { type: 'affiliate', queryKey: affiliateKeys.slug, exclude, current });
  return (
    <WebAddressField
      value={value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error?.message}
      check={check}
      prefix="/affiliate/"
      required
      texts={{
        label: t('affiliates.fields.slug'),
        hint: t('affiliates.slug.hint'),
        checking: t('affiliates.slug.checking'),
        available: (slug) => t('affiliates.slug.available', { slug }),
        taken: t('affiliates.slug.taken'),
        suggest: (slug) => t('affiliates.slug.suggest', { slug }),
        invalid: t('affiliates.slug.invalid'),
      }}
      testIds={{ input: `${testId}-slug`, suggestion: `${testId}-slug-suggestion`, status: `${testId}-slug-status` }}
    />
  );
}

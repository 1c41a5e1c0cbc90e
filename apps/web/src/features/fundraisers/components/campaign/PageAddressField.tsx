import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useWebAddressCheck, type WebAddressCheck, WebAddressField } from '../../../../components/ui/WebAddressField';
import { fundraiserKeys } from '../../api/keys';

/**
 * The live check of a page address (GET /fundraiser/validate-url/{url}?showDetail=0&exclude={cfid}),
 * debounced; the address saved now (`current`) needs no check.
 */
export function usePageSlugStatus(value: string, exclude: number, current: string): WebAddressCheck {
  return useWebAddressCheck(value, { type: 'fundraiser', queryKey: fundraiserKeys.slug, exclude, current });
}

interface PageAddressFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string | undefined;
  check: WebAddressCheck;
  disabled?: boolean;
}

/** The player's page address, `/fundraisers/{slug}`, with the result of its live check. */
export function PageAddressField({ value, onChange, onBlur, inputRef, error, check, disabled }: PageAddressFieldProps) {
  const { t } = useTranslation();
  return (
    <WebAddressField
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      inputRef={inputRef}
      error={error}
      check={check}
      disabled={disabled}
      prefix="/fundraisers/"
      texts={{
        label: t('fundraisers.page.slug'),
        hint: t('fundraisers.page.slugHint'),
        checking: t('fundraisers.page.slugChecking'),
        available: (slug) => t('fundraisers.page.slugAvailable', { slug }),
        taken: t('fundraisers.page.slugTaken'),
        suggest: (slug) => t('fundraisers.page.slugUse', { slug }),
        invalid: t('validation.slugFormat'),
      }}
      testIds={{ input: 'page-slug', suggestion: 'page-slug-suggestion' }}
    />
  );
}

import type { OrgTypeId } from '@fc/contracts';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useWebAddressCheck, WebAddressField } from '../../../../components/ui/WebAddressField';
import { orgKeys } from '../../api/keys';
import { slugify, typeName } from './orgTypes';

interface SlugFieldProps {
  typeId: OrgTypeId;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** The form's own error (client validation or the server's field error). */
  error?: string | undefined;
  /** The node being edited: its current slug counts as available. */
  exclude?: number;
  /** The name the "suggest from name" button turns into a slug. */
  name: string;
  testId?: string;
}

/**
 * Web-address field with a live availability check (GET /{type}/validate-url/{url}, debounced):
 * available, taken (with the server's suggestion one click away) or invalid.
 */
export function SlugField({ typeId, value, onChange, onBlur, inputRef, error, exclude, name, testId }: SlugFieldProps) {
  const { t } = useTranslation();
  const type = typeName(typeId);
  const check = useWebAddressCheck(value, {
    type,
    queryKey: (slug, ex) => orgKeys.slug(type, slug, ex),
    exclude,
  });
  return (
    <WebAddressField
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      inputRef={inputRef}
      error={error}
      check={check}
      prefix="/"
      propose={{ value: slugify(name), label: t('orgs.slug.fromName') }}
      texts={{
        label: t('orgs.fields.slug'),
        hint: t('orgs.slug.hint'),
        checking: t('orgs.slug.checking'),
        available: (slug) => t('orgs.slug.available', { slug }),
        taken: t('orgs.slug.taken'),
        suggest: (slug) => t('orgs.slug.useSuggestion', { slug }),
        invalid: t('orgs.slug.invalid'),
      }}
      testIds={{ input: testId ?? 'slug-input', suggestion: 'slug-suggestion' }}
    />
  );
}

import { slugify } from '@fc/contracts';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useWebAddressCheck, WebAddressField } from '../../../../components/ui/WebAddressField';
import { campaignKeys } from '../../api/keys';

interface CampaignSlugFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** The form's own error (client validation or the server's field error). */
  error?: string | undefined;
  /** The campaign being edited: its current address counts as available. */
  exclude?: number;
  /** The title the "suggest" button turns into an address. */
  title: string;
}

/**
 * The campaign's public web address (/campaigns/{slug}) with a live availability check
 * (GET /campaigns/validate-url/{url}?showDetail=0, debounced, spec §5): available, taken (with
 * the server's suggestion one click away) or invalid.
 */
export function CampaignSlugField({
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  exclude,
  title,
}: CampaignSlugFieldProps) {
  const { t } = useTranslation();
  const check = useWebAddressCheck(value, { type: 'campaigns', queryKey: campaignKeys.slug, exclude });
  return (
    <WebAddressField
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      inputRef={inputRef}
      error={error}
      check={check}
      prefix="/campaigns/"
      required
      propose={{ value: slugify(title), label: t('campaigns.slug.fromTitle') }}
      texts={{
        label: t('campaigns.fields.slug'),
        hint: t('campaigns.slug.hint'),
        checking: t('campaigns.slug.checking'),
        available: (slug) => t('campaigns.slug.available', { slug }),
        taken: t('campaigns.slug.taken'),
        suggest: (slug) => t('campaigns.slug.useSuggestion', { slug }),
        invalid: t('campaigns.slug.invalid'),
      }}
      testIds={{ input: 'campaign-slug-input', suggestion: 'campaign-slug-suggestion', status: 'campaign-slug-status' }}
    />
  );
}

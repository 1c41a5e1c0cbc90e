import type { Control } from 'react-hook-form';
import { useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useWebAddressCheck, WebAddressField } from '../../../components/ui/WebAddressField';
import { sponsorshipKeys } from '../api/keys';
import type { OpportunityValues } from './opportunityForm';

/** A web address from a name: lower case, accents dropped, other characters as single hyphens. */
export const slugify = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);

interface Props {
  control: Control<OpportunityValues>;
  /** The opportunity edited: its own address counts as free. */
  exclude?: number | undefined;
  current?: string | undefined;
}

/** The opportunity's address (`/sponsorships/{slug}`), checked as it is typed (GET /sponsorship_opportunity/validate-url/{url}). */
export function OpportunitySlugField({ control, exclude, current }: Props) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name: 'slug' });
  const name = useWatch({ control, name: 'name' });
  const check = useWebAddressCheck(field.value, {
    type: 'sponsorship_opportunity',
    queryKey: sponsorshipKeys.slug,
    exclude,
    current,
  });
  return (
    <WebAddressField
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error?.message}
      check={check}
      prefix="/sponsorships/"
      required
      propose={{ value: slugify(name), label: t('sponsorships.slug.propose') }}
      texts={{
        label: t('sponsorships.fields.slug'),
        hint: t('sponsorships.slug.hint'),
        checking: t('sponsorships.slug.checking'),
        available: (slug) => t('sponsorships.slug.available', { slug }),
        taken: t('sponsorships.slug.taken'),
        suggest: (slug) => t('sponsorships.slug.suggest', { slug }),
        invalid: t('sponsorships.slug.invalid'),
      }}
      testIds={{
        input: 'opportunity-slug',
        suggestion: 'opportunity-slug-suggestion',
        status: 'opportunity-slug-status',
      }}
    />
  );
}

import type { OrgRef } from '@fc/contracts';
import { useTranslation } from 'react-i18next';
import { OrgAutocomplete, useOrgPickerSearch } from '../../../../components/ui/OrgAutocomplete';
import { useOrgSearch, useOwnerOptions } from '../../api/org-options';

interface OrgPickerProps {
  value: OrgRef | null;
  onChange: (value: OrgRef | null) => void;
  onBlur?: () => void;
  label: string;
  error?: string | undefined;
  required?: boolean;
  /** `owners`: nodes the caller manages (a campaign's owner); `any`: any node they can see. */
  source: 'owners' | 'any';
  /** Nodes that may not be chosen (already shared, the owner). */
  excludeIds?: readonly number[];
  testId: string;
}

/** Autocomplete over GET /admin/organization/filter (server search), grouped by node type. */
export function OrgPicker({ source, excludeIds = [], ...props }: OrgPickerProps) {
  const { t } = useTranslation();
  const search = useOrgPickerSearch();
  const owners = useOwnerOptions(search.q, source === 'owners' && search.open);
  const any = useOrgSearch(search.q, source === 'any' && search.open);
  const query = source === 'owners' ? owners : any;
  const raw = source === 'owners' ? owners.data : any.data?.data;
  return (
    <OrgAutocomplete
      {...props}
      search={search}
      options={(raw ?? []).filter((o) => !excludeIds.includes(o.id))}
      query={query}
      noMatchText={t('campaigns.picker.noMatch')}
      noneText={t('campaigns.picker.none')}
    />
  );
}

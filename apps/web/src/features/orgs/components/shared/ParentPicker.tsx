import { ALLOWED_PARENT_TYPES, type OrgRef, type OrgTypeId } from '@fc/contracts';
import { useTranslation } from 'react-i18next';
import { OrgAutocomplete, useOrgPickerSearch } from '../../../../components/ui/OrgAutocomplete';
import { useOrgOptions } from '../../api/get-org-options';
import { typeName } from './orgTypes';

interface ParentPickerProps {
  /** The type of the node that will sit under the chosen parent. */
  childTypeId: OrgTypeId;
  value: OrgRef | null;
  onChange: (value: OrgRef | null) => void;
  onBlur?: () => void;
  label?: string;
  error?: string | undefined;
  /** Only nodes the caller may add children to (create, move); false for list filters. */
  writable?: boolean;
  /** A node that may not be chosen (the node being moved). */
  excludeId?: number;
  required?: boolean;
  testId?: string;
}

/** Autocomplete over GET /admin/organization/filter with server search, grouped by type. */
export function ParentPicker({ childTypeId, writable = true, excludeId, label, testId, ...props }: ParentPickerProps) {
  const { t } = useTranslation();
  const search = useOrgPickerSearch();
  const allowed = ALLOWED_PARENT_TYPES[childTypeId];
  const options = useOrgOptions(
    {
      organizationType: allowed.length === 1 ? allowed[0] : undefined,
      q: search.q || undefined,
      writable,
    },
    search.open,
  );
  return (
    <OrgAutocomplete
      {...props}
      search={search}
      options={(options.data?.data ?? []).filter((o) => allowed.includes(o.typeId) && o.id !== excludeId)}
      query={options}
      grouped={allowed.length > 1}
      label={
        label ??
        t('orgs.fields.parentOf', {
          types: allowed.map((a) => t(`orgTypes.${typeName(a)}`)).join(t('orgs.or')),
        })
      }
      noMatchText={t('orgs.picker.noMatch')}
      noneText={t('orgs.picker.none')}
      testId={testId ?? 'parent-picker'}
    />
  );
}

/**
 * The only node a new node of `childTypeId` can go under, when the caller may add to exactly one
 * (a Team Admin's team for a division, a League Admin's league for a team); null otherwise or
 * while loading. The same query as the picker's first page, so the picker opens from the cache.
 */
export function useSoleParent(childTypeId: OrgTypeId, enabled: boolean): OrgRef | null {
  const allowed = ALLOWED_PARENT_TYPES[childTypeId];
  const options = useOrgOptions(
    { organizationType: allowed.length === 1 ? allowed[0] : undefined, q: undefined, writable: true },
    enabled && allowed.length > 0,
  );
  if (!enabled || options.isPlaceholderData) return null;
  const choices = (options.data?.data ?? []).filter((o) => allowed.includes(o.typeId));
  return choices.length === 1 ? (choices[0] ?? null) : null;
}

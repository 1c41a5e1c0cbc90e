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

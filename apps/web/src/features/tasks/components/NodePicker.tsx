import type { OrgRef } from '@fc/contracts';
import { useTranslation } from 'react-i18next';
import { OrgAutocomplete, useOrgPickerSearch } from '../../../components/ui/OrgAutocomplete';
import { useNodeOptions } from '../api/tasks';

interface NodePickerProps {
  value: OrgRef | null;
  onChange: (value: OrgRef | null) => void;
  /** Keeps only the nodes whose checklist the caller reaches (an organization profile: its subtree). */
  keep?: (node: OrgRef) => boolean;
}

/** Whose checklist: any node the caller can see (server search), grouped by type. */
export function NodePicker({ value, onChange, keep = () => true }: NodePickerProps) {
  const { t } = useTranslation();
  const search = useOrgPickerSearch();
  const query = useNodeOptions(search.q, search.open);
  return (
    <OrgAutocomplete
      value={value}
      onChange={onChange}
      search={search}
      options={(query.data?.data ?? []).filter(keep)}
      query={query}
      label={t('tasks.node.label')}
      noMatchText={t('tasks.node.noMatch')}
      noneText={t('tasks.node.none')}
      testId="tasks-node"
      sx={{ width: { xs: '100%', sm: 320 } }}
    />
  );
}

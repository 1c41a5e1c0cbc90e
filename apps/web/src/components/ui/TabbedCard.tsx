import { Box, Card, Tab, Tabs } from '@mui/material';
import type { ReactNode } from 'react';
import { useAddressParams } from '../../lib/useAddressParams';

export interface TabDef<T extends string> {
  id: T;
  label: string;
  /** The tab's `data-testid` when not `{idPrefix}-tab-{id}`. */
  testId?: string;
}

interface TabbedCardProps<T extends string> {
  tabs: readonly TabDef<T>[];
  /** Open when the address names no tab (or one not offered); it keeps the address bare. */
  defaultTab: T;
  /** Tab ids, panel ids and test ids are `{idPrefix}-tab-{id}` and `{idPrefix}-tabpanel-{id}`. */
  idPrefix: string;
  /** The tab list's accessible name. */
  label: string;
  /** The open tab's content. */
  children: (tab: T) => ReactNode;
}

/**
 * A record page's tabs in a card: the open tab is the `?tab=` search parameter (replaced, not
 * pushed, when another is chosen), so a link or a reload opens the same tab.
 */
export function TabbedCard<T extends string>({ tabs, defaultTab, idPrefix, label, children }: TabbedCardProps<T>) {
  const [params, updateParams] = useAddressParams();
  const requested = params.get('tab');
  const tab = tabs.find((x) => x.id === requested)?.id ?? defaultTab;
  const selectTab = (next: T) => {
    updateParams((p) => {
      if (next === defaultTab) p.delete('tab');
      else p.set('tab', next);
    });
  };
  return (
    <Card>
      <Tabs
        value={tab}
        onChange={(_e, v: T) => selectTab(v)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={label}
        sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 0, sm: 1 } }}
      >
        {tabs.map((x) => (
          <Tab
            key={x.id}
            value={x.id}
            label={x.label}
            id={`${idPrefix}-tab-${x.id}`}
            aria-controls={`${idPrefix}-tabpanel-${x.id}`}
            data-testid={x.testId ?? `${idPrefix}-tab-${x.id}`}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`${idPrefix}-tabpanel-${tab}`}
        aria-labelledby={`${idPrefix}-tab-${tab}`}
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        {children(tab)}
      </Box>
    </Card>
  );
}

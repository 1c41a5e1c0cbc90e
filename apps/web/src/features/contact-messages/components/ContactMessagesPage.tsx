import { CONTACT_MESSAGE_FILTERS, type ContactMessage, type ContactMessageFilter } from '@fc/contracts';
import { Card, CardContent, Tab, Tabs } from '@mui/material';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader';
import { SearchField } from '../../../components/ui/SearchField';
import { ErrorState } from '../../../components/ui/States';
import { useServerGrid } from '../../../components/ui/useServerGrid';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { useContactMessages } from '../api/contact-messages';
import { ContactMessageDialog } from './ContactMessageDialog';
import { ContactMessageGrid } from './ContactMessageGrid';

const noSortColumn = (_field: string): _field is never => false;

/**
 * `/apps/contact-messages` (menu Settings → Contact messages, Super Admin): the Contact-Us form's
 * messages, newest first, searched and filtered by the server; a message opens in a dialog where
 * it is marked handled or reopened.
 */
export function ContactMessagesPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ContactMessageFilter>('open');
  const [opened, setOpened] = useState<ContactMessage | null>(null);
  const { grid, resetPage, pageParams } = useServerGrid(noSortColumn);
  const q = useDebouncedValue(search.trim());
  const list = useContactMessages({ q: q || undefined, status, page: pageParams.page, perPage: pageParams.perPage });
  const onOpen = useCallback((m: ContactMessage) => setOpened(m), []);

  return (
    <>
      <PageHeader title={t('contact.admin.title')} subtitle={t('contact.admin.subtitle')} />
      <Card>
        <CardContent>
          <SearchField
            label={t('contact.admin.search')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              resetPage();
            }}
            fullWidth
            sx={{ mb: 1 }}
            testId="contact-messages-search"
          />
          <Tabs
            value={status}
            onChange={(_e, v: ContactMessageFilter) => {
              setStatus(v);
              resetPage();
            }}
            aria-label={t('contact.admin.filterLabel')}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            {CONTACT_MESSAGE_FILTERS.map((f) => (
              <Tab key={f} value={f} label={t(`contact.admin.filters.${f}`)} data-testid={`contact-filter-${f}`} />
            ))}
          </Tabs>
          {list.isError ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
          <ContactMessageGrid
            rows={list.data?.data ?? []}
            total={list.data?.total ?? 0}
            loading={list.isFetching}
            filtered={Boolean(q) || status !== 'all'}
            onOpen={onOpen}
            {...grid}
          />
        </CardContent>
      </Card>
      <ContactMessageDialog message={opened} onClose={() => setOpened(null)} />
    </>
  );
}

import type { Opportunity } from '@fc/contracts';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmRemoveDialog } from '../../../components/ui/ConfirmDialog';
import { EmptyState, ErrorState } from '../../../components/ui/States';
import type { Owner } from '../api/keys';
import { useDeleteOpportunity, useOpportunities } from '../api/opportunities';
import { OpportunityCard } from './OpportunityCard';
import { OpportunityDialog } from './OpportunityDialog';

/** The opportunities of a node (with its campaigns') or of a campaign, and for managers their editing. */
export function OpportunitiesSection({ owner, canManage }: { owner: Owner; canManage: boolean }) {
  const { t } = useTranslation();
  const query = useOpportunities(owner);
  const remove = useDeleteOpportunity();
  const [editing, setEditing] = useState<Opportunity | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Opportunity | null>(null);
  const list = query.data?.data ?? [];
  return (
    <Box component="section" aria-labelledby="opportunities-title" data-testid="opportunities">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1 }}>
        <Typography variant="h6" component="h2" id="opportunities-title">
          {t('sponsorships.opportunities.title')}
        </Typography>
        {canManage ? (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing('new')}
            data-testid="opportunity-new"
          >
            {t('sponsorships.opportunities.add')}
          </Button>
        ) : null}
      </Stack>
      {query.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState message={t('sponsorships.opportunities.empty')} />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' },
          }}
        >
          {list.map((o) => (
            <OpportunityCard
              key={o.id}
              o={o}
              canManage={canManage}
              onEdit={() => setEditing(o)}
              onDelete={() => setDeleting(o)}
            />
          ))}
        </Box>
      )}
      {editing ? (
        <OpportunityDialog
          opportunity={editing === 'new' ? null : editing}
          owner={owner}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmRemoveDialog
        item={deleting}
        remove={remove}
        title={t('sponsorships.opportunity.deleteTitle')}
        message={t('sponsorships.opportunity.deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('common.delete')}
        doneMessage={t('sponsorships.opportunity.deleted')}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}

import type { Program } from '@fc/contracts';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Card, CardContent, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState } from '../../../../components/ui/States';
import { useMoney } from '../../../../lib/format';
import { usePrograms } from '../../api/programs';
import { StateChip } from '../shared/Chips';
import { useCanManage } from '../shared/useCanManage';
import { useProgramTerms } from '../shared/useProgramTerms';
import { ProgramDialog } from './ProgramDialog';

/** The programs (staff): what each pays, its rules and offers; Super Admin creates and edits them. */
export function ProgramsSection() {
  const { t } = useTranslation();
  const manage = useCanManage();
  const programs = usePrograms();
  const money = useMoney();
  const terms = useProgramTerms();
  const [editing, setEditing] = useState<Program | 'new' | null>(null);
  const rows = programs.data?.data ?? [];
  return (
    <Card>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 2, gap: 2 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {t('affiliates.programs.title')}
          </Typography>
          {manage ? (
            <Button
              startIcon={<AddIcon />}
              variant="outlined"
              onClick={() => setEditing('new')}
              data-testid="program-new"
            >
              {t('affiliates.programs.new')}
            </Button>
          ) : null}
        </Stack>
        {programs.isError ? <ErrorState error={programs.error} onRetry={() => void programs.refetch()} /> : null}
        {programs.isSuccess && rows.length === 0 ? <EmptyState message={t('affiliates.programs.empty')} /> : null}
        <Stack spacing={1.5} data-testid="programs-list">
          {rows.map((p) => (
            <Box
              key={p.id}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, display: 'flex', gap: 2 }}
              data-testid={`program-${p.id}`}
            >
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                  <Typography sx={{ fontWeight: 600 }}>{p.name}</Typography>
                  <StateChip
                    label={p.active ? t('affiliates.programs.active') : t('affiliates.programs.inactive')}
                    color={p.active ? 'success' : 'default'}
                  />
                  <Chip
                    size="small"
                    variant="outlined"
                    label={t('affiliates.programs.version', { v: p.termsVersion })}
                  />
                </Stack>
                <Typography variant="body2">{terms(p)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {[
                    t('affiliates.programs.window', { count: p.windowDays }),
                    t(`affiliates.attribution.${p.attribution}`),
                    t('affiliates.programs.minPayout', { amount: money(p.minPayoutCents) }),
                    t('affiliates.programs.due', { count: p.dueDays }),
                    t('affiliates.programs.offers', { count: p.offerCount }),
                  ].join(' · ')}
                </Typography>
              </Box>
              {manage ? (
                <Tooltip title={t('affiliates.programs.edit')}>
                  <IconButton
                    aria-label={t('affiliates.programs.editNamed', { name: p.name })}
                    onClick={() => setEditing(p)}
                    sx={{ alignSelf: 'flex-start' }}
                    data-testid={`program-edit-${p.id}`}
                  >
                    <EditIcon />
                  </IconButton>
                </Tooltip>
              ) : null}
            </Box>
          ))}
        </Stack>
      </CardContent>
      {editing ? <ProgramDialog program={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

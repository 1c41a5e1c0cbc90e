import type { CampaignDetail } from '@fc/contracts';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import InsightsIcon from '@mui/icons-material/Insights';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, Card, CardContent, Stack, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CampaignLogo } from '../shared/CampaignLogo';
import { CampaignStatusChip } from '../shared/Chips';
import { useCalendarDate } from '../shared/format';
import { GoalProgress } from '../shared/GoalProgress';

interface CampaignHeaderProps {
  campaign: CampaignDetail;
  /** Staff and organization roles: the summary is theirs. */
  organizer: boolean;
  onEdit: () => void;
  onDelete: () => void;
  /** More actions another feature draws (the BAND logo button), after the page's own. */
  extraActions?: ReactNode;
}

/** Logo, title, status, owner, dates, progress to the goal, and the actions the caller may take. */
export function CampaignHeader({ campaign: c, organizer, onEdit, onDelete, extraActions }: CampaignHeaderProps) {
  const { t } = useTranslation();
  const date = useCalendarDate();
  const dates =
    c.startDate || c.endDate
      ? t('campaigns.view.dates', { start: date(c.startDate) || '…', end: date(c.endDate) || '…' })
      : t('campaigns.view.noDates');

  return (
    <Card data-testid="campaign-header">
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={3}
          sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}
        >
          <CampaignLogo campaign={c} canUpload={false} />
          <Box sx={{ minWidth: 0, flexGrow: 1, width: '100%', textAlign: { xs: 'center', sm: 'left' } }}>
            <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
              {c.title}
            </Typography>
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center', justifyContent: { xs: 'center', sm: 'flex-start' } }}
            >
              <CampaignStatusChip status={c.status} />
              <Typography variant="body2" color="text.secondary" data-testid="campaign-owner-name">
                {c.organization_name}
              </Typography>
              <Typography variant="body2" color="text.secondary" aria-hidden>
                ·
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {dates}
              </Typography>
            </Stack>
            {c.shortDescription ? (
              <Typography sx={{ mt: 1 }} color="text.secondary">
                {c.shortDescription}
              </Typography>
            ) : null}
            <Box sx={{ mt: 2, maxWidth: 560, mx: { xs: 'auto', sm: 0 } }}>
              <GoalProgress raisedCents={c.raisedCents} goalCents={c.goalCents} testId="campaign-progress" />
            </Box>
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ mt: 2, flexWrap: 'wrap', justifyContent: { xs: 'center', sm: 'flex-start' } }}
            >
              {c.can.update ? (
                <Button
                  variant="contained"
                  startIcon={<EditIcon />}
                  onClick={onEdit}
                  data-testid="edit-campaign-button"
                >
                  {t('common.edit')}
                </Button>
              ) : null}
              {organizer ? (
                <Button
                  variant="outlined"
                  startIcon={<InsightsIcon />}
                  component={RouterLink}
                  to={`/campaigns/${c.id}/summary`}
                  data-testid="campaign-summary-link"
                >
                  {t('campaigns.view.summary')}
                </Button>
              ) : null}
              <Button
                variant="outlined"
                startIcon={<OpenInNewIcon />}
                href={`/campaigns/${c.slug}`}
                target="_blank"
                rel="noopener"
                data-testid="campaign-public-link"
              >
                {t('campaigns.view.publicPage')}
              </Button>
              {c.can.update || c.can.delete ? (
                <Tooltip title={c.can.delete ? '' : t('campaigns.delete.blocked')}>
                  <span>
                    <Button
                      color="error"
                      startIcon={<DeleteIcon />}
                      onClick={onDelete}
                      disabled={!c.can.delete}
                      data-testid="delete-campaign-button"
                    >
                      {t('common.delete')}
                    </Button>
                  </span>
                </Tooltip>
              ) : null}
              {extraActions}
            </Stack>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

import { type AffiliateDetail, type AttachedOrganization, orgTypeName } from '@fc/contracts';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Box, Button, IconButton, Link, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog';
import { EmptyState } from '../../../../components/ui/States';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage } from '../../../../lib/api/errors';
import { useDetachOrganization } from '../../api/actions';
import { useBpsPercent } from '../shared/useProgramTerms';
import { AttachDialog } from './AttachDialog';
import { Section, useDateText } from './DetailCards';

const ORG_PATH: Record<number, string> = { 1: 'organizations', 2: 'leagues', 3: 'teams', 4: 'divisions' };

/** The organizations the affiliate brought (gifts to them earn a commission); Super Admin attaches and detaches them. */
export function OrganizationsCard({ affiliate: a, manage }: { affiliate: AffiliateDetail; manage: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const date = useDateText();
  const percent = useBpsPercent();
  const detach = useDetachOrganization();
  const [attaching, setAttaching] = useState(false);
  const [removing, setRemoving] = useState<AttachedOrganization | null>(null);
  return (
    <Section
      title={t('affiliates.orgs.title')}
      testId="affiliate-orgs"
      action={
        manage ? (
          <Button variant="outlined" onClick={() => setAttaching(true)} data-testid="orgs-attach">
            {t('affiliates.orgs.attach')}
          </Button>
        ) : null
      }
    >
      {a.organizations.length === 0 ? <EmptyState message={t('affiliates.orgs.empty')} /> : null}
      <Stack spacing={1}>
        {a.organizations.map((o) => (
          <Box
            key={o.organizationId}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              p: 1.5,
            }}
            data-testid={`org-${o.organizationId}`}
          >
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {ORG_PATH[o.typeId] ? (
                  <Link component={RouterLink} to={`/orgs/${ORG_PATH[o.typeId]}/view/${o.organizationId}`}>
                    {o.name}
                  </Link>
                ) : (
                  o.name
                )}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {[
                  t(`orgTypes.${orgTypeName(o.typeId)}`),
                  o.giftShareBpsOverride !== null
                    ? t('affiliates.orgs.override', { percent: percent(o.giftShareBpsOverride) })
                    : t('affiliates.orgs.programShare'),
                  t('affiliates.orgs.since', { date: date(o.attachedAt) }),
                ].join(' · ')}
              </Typography>
            </Box>
            {manage ? (
              <Tooltip title={t('affiliates.orgs.detach')}>
                <IconButton
                  aria-label={t('affiliates.orgs.detachNamed', { name: o.name })}
                  onClick={() => setRemoving(o)}
                  data-testid={`org-detach-${o.organizationId}`}
                >
                  <LinkOffIcon />
                </IconButton>
              </Tooltip>
            ) : null}
          </Box>
        ))}
      </Stack>
      {attaching ? <AttachDialog affiliate={a} onClose={() => setAttaching(false)} /> : null}
      <ConfirmDialog
        open={removing !== null}
        title={t('affiliates.orgs.detachTitle')}
        message={removing ? t('affiliates.orgs.detachMessage', { name: removing.name }) : ''}
        confirmLabel={t('affiliates.orgs.detach')}
        busy={detach.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          detach.mutate(removing.organizationId, {
            onSuccess: () => {
              toast.success(t('affiliates.orgs.detached', { name: removing.name }));
              setRemoving(null);
            },
            onError: (e) => toast.error(errorMessage(e, t('errors.generic'))),
          })
        }
      />
    </Section>
  );
}

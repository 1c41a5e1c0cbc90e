import type { AffiliateDashboard } from '@fc/contracts';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Box,
  Card,
  CardContent,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/ui/States';
import { useToast } from '../../../../components/ui/ToastProvider';
import { count, useMoney } from '../../../../lib/format';

/** The public site's address (the console and the site share the origin). */
const origin = () => window.location.origin;

/** The affiliate's page and the `?ref=` form for any public page, each with a copy button. */
export function ReferralLinks({ referral }: { referral: AffiliateDashboard['referral'] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const links = [
    { key: 'page', label: t('affiliates.dash.pageLink'), url: `${origin()}${referral.pagePath}` },
    { key: 'ref', label: t('affiliates.dash.refLink'), url: `${origin()}/?${referral.param}=${referral.slug}` },
  ];
  const copy = (url: string) =>
    navigator.clipboard
      ?.writeText(url)
      .then(() => toast.success(t('affiliates.dash.copied')))
      .catch(() => toast.error(t('affiliates.dash.copyFailed')));
  return (
    <Card data-testid="referral-links">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('affiliates.dash.links')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('affiliates.dash.linksHelp', { param: referral.param, slug: referral.slug })}
        </Typography>
        <Stack spacing={1.5}>
          {links.map((l) => (
            <Box key={l.key} sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography variant="caption" color="text.secondary" component="div">
                  {l.label}
                </Typography>
                <Typography sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }} data-testid={`link-${l.key}`}>
                  {l.url}
                </Typography>
              </Box>
              <Tooltip title={t('affiliates.dash.copy')}>
                <IconButton
                  aria-label={t('affiliates.dash.copyNamed', { name: l.label })}
                  onClick={() => void copy(l.url)}
                  data-testid={`copy-${l.key}`}
                >
                  <ContentCopyIcon />
                </IconButton>
              </Tooltip>
            </Box>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Per landing page: clicks, conversions and commission in the range. */
export function LinksTable({ links }: { links: AffiliateDashboard['links'] }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Card data-testid="links-table">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('affiliates.dash.perLink')}
        </Typography>
        {links.length === 0 ? (
          <EmptyState message={t('affiliates.dash.noLinks')} />
        ) : (
          // A scrollable region on a phone: focusable, so the keyboard can scroll it.
          <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('affiliates.dash.perLink')}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('affiliates.dash.landing')}</TableCell>
                  <TableCell align="right">{t('affiliates.dash.clicks')}</TableCell>
                  <TableCell align="right">{t('affiliates.dash.conversions')}</TableCell>
                  <TableCell align="right">{t('affiliates.conv.commission')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {links.map((l) => (
                  <TableRow key={l.path}>
                    <TableCell sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }}>{l.path}</TableCell>
                    <TableCell align="right">{count(l.clicks)}</TableCell>
                    <TableCell align="right">{count(l.conversions)}</TableCell>
                    <TableCell align="right">{money(l.commissionCents)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

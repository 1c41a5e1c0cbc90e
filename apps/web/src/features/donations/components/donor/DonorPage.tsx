import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { Figure } from '../../../../components/ui/Figure';
import { LoadingScreen } from '../../../../components/ui/LoadingScreen';
import { EmptyState, ErrorState } from '../../../../components/ui/States';
import { isApiError } from '../../../../lib/api/errors';
import { useDonor } from '../../api/get-donor';
import { DonationStatusChip } from '../shared/DonationStatusChip';
import { count, fullName, useDateTime, useMoney } from '../shared/format';
import { NotFoundCard } from '../shared/NotFoundCard';

/** /donations/donor/{id} (GET /donor/{id}): a donor, their totals and their gifts in the caller's scope. */
export function DonorPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const dateTime = useDateTime();
  const { id } = useParams();
  const donorId = Number(id);
  const query = useDonor(donorId);

  if (!Number.isInteger(donorId) || donorId <= 0 || (isApiError(query.error) && query.error.status === 404))
    return <NotFoundCard kind="donor" />;
  if (query.isPending) return <LoadingScreen />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const donor = query.data.data;
  const name = fullName(donor.firstName, donor.lastName) || donor.email;
  const gifts = [...donor.donations].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Button component={RouterLink} to="/donations/list" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
          {t('donations.backToList')}
        </Button>
        <Card data-testid="donor-header">
          <CardContent>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Typography variant="h5" component="h1">
                {name}
              </Typography>
              <Chip
                size="small"
                variant="outlined"
                color={donor.hasAccount ? 'success' : 'default'}
                label={donor.hasAccount ? t('donations.donor.hasAccount') : t('donations.donor.noAccount')}
              />
            </Stack>
            <Link href={`mailto:${donor.email}`} data-testid="donor-email">
              {donor.email}
            </Link>
            <Stack
              component="section"
              aria-label={t('donations.donor.totals')}
              direction="row"
              spacing={3}
              sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}
              data-testid="donor-totals"
            >
              <Figure label={t('donations.donor.gifts')} value={count(donor.totals.donations)} testId="donor-count" />
              <Figure label={t('donations.donor.net')} value={money(donor.totals.netCents)} testId="donor-net" />
              <Figure label={t('donations.donor.first')} value={dateTime(donor.totals.firstAt) || '—'} />
              <Figure label={t('donations.donor.last')} value={dateTime(donor.totals.lastAt) || '—'} />
            </Stack>
          </CardContent>
        </Card>
      </Box>
      <Card component="section" aria-labelledby="donor-gifts-title">
        <CardContent>
          <Typography variant="h6" component="h2" id="donor-gifts-title" sx={{ mb: 1 }}>
            {t('donations.donor.giftsTitle')}
          </Typography>
          {gifts.length === 0 ? (
            <EmptyState message={t('donations.donor.empty')} />
          ) : (
            <TableContainer>
              <Table size="small" aria-labelledby="donor-gifts-title" data-testid="donor-donations">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('donations.fields.date')}</TableCell>
                    <TableCell>{t('donations.fields.campaign')}</TableCell>
                    <TableCell>{t('donations.fields.player')}</TableCell>
                    <TableCell align="right">{t('donations.fields.amount')}</TableCell>
                    <TableCell align="right">{t('donations.fields.net')}</TableCell>
                    <TableCell>{t('fields.status')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {gifts.map((g) => (
                    <TableRow key={g.id} hover>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <Link
                          component={RouterLink}
                          to={`/donations/view/${g.id}`}
                          data-testid={`donor-donation-${g.id}`}
                        >
                          {dateTime(g.createdAt)}
                        </Link>
                      </TableCell>
                      <TableCell sx={{ minWidth: 160 }}>{g.campaignTitle}</TableCell>
                      <TableCell sx={{ minWidth: 120 }}>{g.playerName ?? '—'}</TableCell>
                      <TableCell align="right">{money(g.amountCents)}</TableCell>
                      <TableCell align="right">{money(g.netCents)}</TableCell>
                      <TableCell>
                        <DonationStatusChip status={g.status} refundedCents={g.refundedCents} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

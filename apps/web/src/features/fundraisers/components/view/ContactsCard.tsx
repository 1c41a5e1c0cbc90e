import type { FundraiserDetail } from '@fc/contracts';
import {
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/ui/States';
import { ContactStatusChip } from '../shared/Chips';

/** Everyone the family asked for support, across campaigns (managed from each campaign's page settings). */
export function ContactsCard({ player }: { player: FundraiserDetail }) {
  const { t } = useTranslation();
  const titles = new Map(player.campaigns.map((c) => [c.campaignId, c.title]));
  // The campaign column matters only when the player is on more than one.
  const several = player.campaigns.length > 1;
  return (
    <Card data-testid="player-contacts">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('fundraisers.contacts.title')}
        </Typography>
        {player.contacts.length === 0 ? (
          <EmptyState message={t('fundraisers.view.noContacts')} />
        ) : (
          <TableContainer>
            <Table size="small" aria-label={t('fundraisers.contacts.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('fields.name')}</TableCell>
                  {several ? <TableCell>{t('fundraisers.fields.campaign')}</TableCell> : null}
                  <TableCell>{t('fields.status')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {player.contacts.map((c) => (
                  <TableRow key={c.id}>
                    <TableCell>
                      {c.name}
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        component="div"
                        sx={{ wordBreak: 'break-all' }}
                      >
                        {c.email}
                      </Typography>
                    </TableCell>
                    {several ? <TableCell>{titles.get(c.campaignId) ?? '—'}</TableCell> : null}
                    <TableCell>
                      <ContactStatusChip status={c.status} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}

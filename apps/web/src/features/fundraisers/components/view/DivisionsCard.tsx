import type { FundraiserDetail } from '@fc/contracts';
import { Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoveRowButton } from '../../../../components/ui/RowActions';
import { EmptyState } from '../../../../components/ui/States';
import { useAuth } from '../../../../lib/auth/AuthProvider';
import { useRemoveFromDivision } from '../../api/player-actions';
import { ConfirmRemove } from '../shared/ConfirmRemove';
import { fullName } from '../shared/format';

type Division = FundraiserDetail['divisions'][number];

/** The divisions the player is on; staff who may change the player can take them off one. */
export function DivisionsCard({ player }: { player: FundraiserDetail }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const remove = useRemoveFromDivision(player.id);
  const [removing, setRemoving] = useState<Division | null>(null);
  const name = fullName(player.firstName, player.lastName);
  // Rosters belong to the team: a family sees its divisions but does not change them.
  const canRemove = player.can.update && user?.role !== 'fundraiser';

  return (
    <Card data-testid="player-divisions">
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('fundraisers.view.divisions')}
        </Typography>
        {player.divisions.length === 0 ? (
          <EmptyState message={t('fundraisers.view.noDivisions')} />
        ) : (
          <List dense>
            {player.divisions.map((d) => (
              <ListItem
                key={d.entryId}
                disableGutters
                data-testid={`player-division-${d.id}`}
                secondaryAction={
                  canRemove ? (
                    <RemoveRowButton
                      title={t('fundraisers.view.removeFromDivision')}
                      label={t('fundraisers.view.removeFromNamed', { name, division: d.name })}
                      onClick={() => setRemoving(d)}
                      testId={`remove-division-${d.id}`}
                    />
                  ) : null
                }
              >
                <ListItemText primary={d.name} secondary={d.teamName ?? undefined} />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      <ConfirmRemove
        id={removing?.entryId ?? null}
        remove={remove}
        title={t('fundraisers.view.removeTitle')}
        message={removing ? t('fundraisers.view.removeMessage', { name, division: removing.name }) : ''}
        confirmLabel={t('fundraisers.view.removeFromDivision')}
        doneMessage={t('fundraisers.view.removed')}
        onClose={() => setRemoving(null)}
      />
    </Card>
  );
}

import type { Opportunity } from '@fc/contracts';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../../components/ui/ImageUpload';
import { useMoney } from '../../../lib/money';
import { useUploadOpportunityImage } from '../api/opportunities';

const STATUS_COLOR = { draft: 'default', active: 'success', archived: 'warning' } as const;

interface Props {
  o: Opportunity;
  canManage: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/** One opportunity: image, name, tier, price, what is left, sold, held, revenue and status. */
export function OpportunityCard({ o, canManage, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const money = useMoney();
  const upload = useUploadOpportunityImage();
  const left =
    o.left === null
      ? t('sponsorships.left.unlimited')
      : o.left === 0
        ? t('sponsorships.left.soldOut')
        : t('sponsorships.left.some', { left: o.left, quantity: o.quantity });
  return (
    <Card variant="outlined" data-testid={`opportunity-${o.id}`} sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <ImageUpload
            src={o.imageUrl}
            alt={t('sponsorships.opportunity.imageAlt', { name: o.name })}
            letter={o.name.charAt(0).toUpperCase()}
            size={72}
            variant="rounded"
            canUpload={canManage}
            mutation={upload}
            variables={(file) => ({ id: o.id, file })}
            uploadLabel={t('sponsorships.opportunity.uploadImage')}
            uploadedText={t('sponsorships.opportunity.imageUploaded')}
            testIds={{
              input: `opportunity-image-${o.id}`,
              image: `opportunity-img-${o.id}`,
              button: `opportunity-image-button-${o.id}`,
            }}
          />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
              {o.name}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 0.5, my: 0.5 }} useFlexGap>
              <Chip size="small" label={t(`sponsorships.tier.${o.tier}`)} />
              <Chip
                size="small"
                variant="outlined"
                color={STATUS_COLOR[o.status]}
                label={t(`sponsorships.status.${o.status}`)}
              />
              {o.campaignTitle ? <Chip size="small" variant="outlined" label={o.campaignTitle} /> : null}
            </Stack>
            <Typography variant="h6" component="p" data-testid={`opportunity-price-${o.id}`}>
              {money(o.priceCents)}
            </Typography>
            <Typography variant="body2" data-testid={`opportunity-left-${o.id}`}>
              {left}
            </Typography>
          </Box>
        </Stack>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1, m: 0, mt: 2 }}
          data-testid={`opportunity-figures-${o.id}`}
        >
          {(
            [
              ['sold', String(o.sold)],
              ['held', String(o.held)],
              ['revenue', money(o.revenueCents)],
            ] as const
          ).map(([k, v]) => (
            <Box key={k}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {t(`sponsorships.fields.${k}`)}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
                {v}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
      {canManage ? (
        <CardActions>
          <Button size="small" startIcon={<EditIcon />} onClick={onEdit} data-testid={`opportunity-edit-${o.id}`}>
            {t('common.edit')}
          </Button>
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutlineIcon />}
            onClick={onDelete}
            disabled={o.sold > 0 || o.held > 0}
            data-testid={`opportunity-delete-${o.id}`}
          >
            {t('common.delete')}
          </Button>
        </CardActions>
      ) : null}
    </Card>
  );
}

import type { OrgDetail, OrgRollup } from '@fc/contracts';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../../lib/money';

type Count = Exclude<keyof OrgRollup, 'raisedCents'>;
/** Figures that can sit below a node of each type (the node's own type is not counted). */
const FIGURES: Record<number, Count[]> = {
  1: ['leagues', 'teams', 'divisions', 'players', 'members'],
  2: ['teams', 'divisions', 'players', 'members'],
  3: ['divisions', 'players', 'members'],
  4: ['players', 'members'],
};

/**
 * The figures' size: smaller on a phone, where two cards share a row, and smaller when the longest
 * figure is longer, so that an amount ("$1,100", "1.234.567 US$") fits a 140 px card on one line
 * instead of breaking between its digits (only a longer one still wraps). All cards take the same
 * size, so the row reads as one.
 */
const figureSize = (longest: number) =>
  longest > 8
    ? { xs: '1.1rem', sm: '1.25rem' }
    : longest > 5
      ? { xs: '1.4rem', sm: '1.5rem' }
      : { xs: '1.75rem', sm: '2.125rem' };

type FigureProps = { id: string; value: string; label: string; size: ReturnType<typeof figureSize> };

function Figure({ id, value, label, size }: FigureProps) {
  return (
    <Card>
      <CardContent>
        <Typography
          variant="h4"
          component="p"
          data-testid={`rollup-${id}`}
          sx={{ fontSize: size, overflowWrap: 'anywhere' }}
        >
          {value}
        </Typography>
        <Typography color="text.secondary">{label}</Typography>
      </CardContent>
    </Card>
  );
}

/** Figures for the whole subtree, always current (computed by the server on each view). */
export function RollupCards({ node }: { node: OrgDetail }) {
  const { t, i18n } = useTranslation();
  const count = new Intl.NumberFormat(i18n.language, { notation: 'compact', maximumFractionDigits: 1 });
  const money = useMoney();
  const figures = FIGURES[node.typeId] ?? [];
  const { rollup } = node;
  const shown = [
    ...figures.map((f) => ({ id: f, value: count.format(rollup[f]), label: t(`orgs.rollup.${f}`) })),
    {
      id: 'activeCampaigns',
      value: count.format(rollup.activeCampaigns),
      label: t('orgs.rollup.activeCampaigns'),
    },
    { id: 'raised', value: money(rollup.raisedCents, { whole: true }), label: t('orgs.rollup.raised') },
    { id: 'donors', value: count.format(rollup.donors), label: t('orgs.rollup.donors') },
  ];
  const size = figureSize(Math.max(...shown.map((f) => f.value.length)));
  return (
    <Box
      component="section"
      aria-label={t('orgs.rollup.label')}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))' }}
      data-testid="org-rollup"
    >
      {shown.map((f) => (
        <Figure key={f.id} {...f} size={size} />
      ))}
    </Box>
  );
}

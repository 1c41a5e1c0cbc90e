import type { OrgDetail, OrgRollup } from '@fc/contracts';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Figures that can sit below a node of each type (the node's own type is not counted). */
const FIGURES: Record<number, (keyof OrgRollup)[]> = {
  1: ['leagues', 'teams', 'divisions', 'players', 'members'],
  2: ['teams', 'divisions', 'players', 'members'],
  3: ['divisions', 'players', 'members'],
  4: ['players', 'members'],
};

/** Figures for the whole subtree, always current (computed by the server on each view). */
export function RollupCards({ node }: { node: OrgDetail }) {
  const { t, i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { notation: 'compact', maximumFractionDigits: 1 });
  const figures = FIGURES[node.typeId] ?? [];
  return (
    <Box
      component="section"
      aria-label={t('orgs.rollup.label')}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))' }}
      data-testid="org-rollup"
    >
      {figures.map((f) => (
        <Card key={f}>
          <CardContent>
            <Typography variant="h4" component="p" data-testid={`rollup-${f}`}>
              {format.format(node.rollup[f])}
            </Typography>
            <Typography color="text.secondary">{t(`orgs.rollup.${f}`)}</Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

import type { OrgDetail } from '@fc/contracts';
import { Box, Breadcrumbs, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { OrgStatusChip, OrgTypeChip } from '../shared/OrgChips';
import { OrgLogo } from '../shared/OrgLogo';
import { viewPath } from '../shared/orgTypes';

/** Logo, name, type and status, and the breadcrumb of ancestors (root first). */
export function OrgHeader({ node }: { node: OrgDetail }) {
  const { t } = useTranslation();
  return (
    <Card data-testid="org-header">
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={3}
          sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}
        >
          <OrgLogo id={node.id} name={node.name} logoUrl={node.logoUrl} canUpload={node.can.update} />
          <Box sx={{ minWidth: 0, flexGrow: 1, textAlign: { xs: 'center', sm: 'left' } }}>
            {node.ancestors.length > 0 ? (
              <Breadcrumbs
                aria-label={t('orgs.breadcrumb')}
                sx={{ mb: 0.5, '& ol': { justifyContent: { xs: 'center', sm: 'flex-start' } } }}
                data-testid="org-breadcrumb"
              >
                {node.ancestors.map((a) => (
                  <Link key={a.id} component={RouterLink} to={viewPath(a.typeId, a.id)} underline="hover">
                    {a.name}
                  </Link>
                ))}
                <Typography color="text.primary" aria-current="page">
                  {node.name}
                </Typography>
              </Breadcrumbs>
            ) : null}
            <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
              {node.name}
            </Typography>
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center', justifyContent: { xs: 'center', sm: 'flex-start' } }}
            >
              <OrgTypeChip typeId={node.typeId} />
              <OrgStatusChip status={node.status} />
              <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                /{node.slug}
              </Typography>
            </Stack>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

import type { OrgDetail, OrgTypeId } from '@fc/contracts';
import AddIcon from '@mui/icons-material/Add';
import {
  Button,
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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { EmptyState } from '../../../../components/ui/States';
import { CreateOrgDialog } from '../shared/CreateOrgDialog';
import { OrgStatusChip, OrgTypeChip } from '../shared/OrgChips';
import { childTypesOf, typeName, viewPath } from '../shared/orgTypes';

/** The node's children and "Add league/team/division" (type rules of DECISIONS §2). */
export function ChildrenTab({ node }: { node: OrgDetail }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [adding, setAdding] = useState<OrgTypeId | null>(null);
  const number = new Intl.NumberFormat(i18n.language);
  const childTypes = childTypesOf(node.typeId);

  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t(`orgs.childrenOf.${typeName(node.typeId)}`)}
        </Typography>
        {node.can.addChild
          ? childTypes.map((c) => (
              <Button
                key={c}
                variant="contained"
                startIcon={<AddIcon />}
                onClick={() => setAdding(c)}
                data-testid={`add-child-${typeName(c)}`}
              >
                {t(`orgs.add.${typeName(c)}`)}
              </Button>
            ))
          : null}
      </Stack>
      {node.children.length === 0 ? (
        <EmptyState message={t(`orgs.children.empty.${typeName(node.typeId)}`)} />
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t(`orgs.childrenOf.${typeName(node.typeId)}`)} data-testid="children-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('fields.name')}</TableCell>
                <TableCell>{t('fields.type')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('orgs.fields.slug')}</TableCell>
                <TableCell align="right">{t('orgs.rollup.players')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('fields.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {node.children.map((c) => (
                <TableRow key={c.id} hover>
                  <TableCell>
                    <Link component={RouterLink} to={viewPath(c.typeId, c.id)}>
                      {c.name}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <OrgTypeChip typeId={c.typeId} />
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>/{c.slug}</TableCell>
                  <TableCell align="right">{number.format(c.players)}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    <OrgStatusChip status={c.status} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <CreateOrgDialog
        open={adding !== null}
        title={adding ? t(`orgs.add.${typeName(adding)}`) : ''}
        typeOptions={adding ? [adding] : []}
        parent={{ id: node.id, name: node.name, typeId: node.typeId }}
        onClose={() => setAdding(null)}
        onCreated={(created) => {
          setAdding(null);
          navigate(viewPath(created.typeId, created.id));
        }}
      />
    </>
  );
}

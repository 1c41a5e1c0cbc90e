import type { OrgDetail } from '@fc/contracts';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage } from '../../../../lib/api/errors';
import { useDeleteOrg } from '../../api/update-org';
import { OrgStatusChip } from '../shared/OrgChips';
import { listPath, typeName, viewPath } from '../shared/orgTypes';
import { EditOrgDialog } from './EditOrgDialog';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: { xs: 0, sm: 2 }, py: 0.75 }}>
      <Typography component="dt" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word', whiteSpace: 'pre-line' }}>
        {children}
      </Typography>
    </Box>
  );
}

export function OverviewTab({ node }: { node: OrgDetail }) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteOrg();
  const toast = useToast();
  const navigate = useNavigate();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  // The server lists only the ancestors the caller may read: link the parent when it is one.
  const parent = node.ancestors.find((a) => a.id === node.parentId);
  const safeWebsite = node.website && /^https?:\/\//i.test(node.website) ? node.website : null;

  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('orgs.overview.title')}
        </Typography>
        {node.can.update ? (
          <Button
            variant="outlined"
            startIcon={<EditIcon />}
            onClick={() => setEditing(true)}
            data-testid="edit-org-button"
          >
            {t('common.edit')}
          </Button>
        ) : null}
        {node.can.delete ? (
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteIcon />}
            onClick={() => setDeleting(true)}
            data-testid="delete-org-button"
          >
            {t('orgs.delete.button')}
          </Button>
        ) : null}
      </Stack>
      <Box component="dl" sx={{ m: 0 }} data-testid="org-details">
        <Row label={t('fields.name')}>{node.name}</Row>
        <Row label={t('orgs.fields.slug')}>/{node.slug}</Row>
        <Row label={t('fields.type')}>{t(`orgTypes.${typeName(node.typeId)}`)}</Row>
        {node.typeId !== 1 ? (
          <Row label={t('orgs.fields.parent')}>
            {parent ? (
              <Link component={RouterLink} to={viewPath(parent.typeId, parent.id)}>
                {parent.name}
              </Link>
            ) : (
              (node.parentName ?? '—')
            )}
          </Row>
        ) : null}
        {node.typeId === 3 ? <Row label={t('orgs.fields.salesperson')}>{node.salesName ?? '—'}</Row> : null}
        <Row label={t('fields.status')}>
          <OrgStatusChip status={node.status} />
        </Row>
        <Row label={t('orgs.fields.description')}>{node.description || '—'}</Row>
        <Row label={t('orgs.fields.contactEmail')}>
          {node.contactEmail ? <Link href={`mailto:${node.contactEmail}`}>{node.contactEmail}</Link> : '—'}
        </Row>
        <Row label={t('fields.phone')}>{node.phone || '—'}</Row>
        <Row label={t('orgs.fields.website')}>
          {safeWebsite ? (
            <Link href={safeWebsite} target="_blank" rel="noopener noreferrer">
              {safeWebsite}
            </Link>
          ) : (
            node.website || '—'
          )}
        </Row>
        <Row label={t('orgs.fields.city')}>{node.city || '—'}</Row>
        <Row label={t('orgs.fields.region')}>{node.region || '—'}</Row>
        <Row label={t('fields.createdAt')}>{date.format(new Date(node.createdAt))}</Row>
        <Row label={t('orgs.fields.updatedAt')}>{date.format(new Date(node.updatedAt))}</Row>
      </Box>
      {editing ? <EditOrgDialog node={node} open onClose={() => setEditing(false)} /> : null}
      <ConfirmDialog
        open={deleting}
        title={t('orgs.delete.title', { name: node.name })}
        message={t('orgs.delete.message')}
        confirmLabel={t('orgs.delete.button')}
        busy={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(node.id, {
            onSuccess: () => {
              toast.success(t('orgs.delete.done', { name: node.name }));
              navigate(node.parentId && parent ? viewPath(parent.typeId, parent.id) : listPath(node.typeId));
            },
            onError: (error) => {
              setDeleting(false);
              toast.error(errorMessage(error, t('errors.generic')));
            },
          })
        }
      />
    </>
  );
}

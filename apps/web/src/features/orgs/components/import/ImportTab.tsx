import { IMPORT_COLUMNS, type ImportKind, type OrgDetail } from '@fc/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage } from '../../../../lib/api/errors';
import { downloadText } from '../../../../lib/download';
import { exportRoster } from '../../api/import-csv';
import { ImportDialog } from './ImportDialog';

/** Downloads the current roster as a CSV in the same columns, ready to edit and import back. */
function ExportButton({ kind, nodeId }: { kind: 'player' | 'roster'; nodeId: number }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { data } = await exportRoster(kind, nodeId);
      downloadText(data.filename, data.csv);
      toast.success(t('orgs.import.exported', { count: data.rows }));
    } catch (error) {
      toast.error(errorMessage(error, t('errors.generic')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button startIcon={<DownloadIcon />} onClick={() => void run()} disabled={busy} data-testid={`export-${kind}`}>
      {t('orgs.import.export')}
    </Button>
  );
}

/** Player import on divisions; roster and division imports on teams. */
export function ImportTab({ node }: { node: OrgDetail }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ImportKind | null>(null);
  const kinds: ImportKind[] = node.typeId === 4 ? ['player'] : ['roster', 'division'];

  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('orgs.tabs.import')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('orgs.import.intro')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
        {kinds.map((k) => (
          <Card key={k} variant="outlined" data-testid={`import-card-${k}`}>
            <CardContent>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {t(`orgs.import.kinds.${k}.title`)}
              </Typography>
              <Typography color="text.secondary" sx={{ my: 1 }}>
                {t(`orgs.import.kinds.${k}.description`)}
              </Typography>
              <Stack
                direction="row"
                useFlexGap
                spacing={0.5}
                sx={{ flexWrap: 'wrap' }}
                aria-label={t('orgs.import.columns')}
              >
                {IMPORT_COLUMNS[k].map((c) => (
                  <Chip key={c} size="small" variant="outlined" label={c} sx={{ fontFamily: 'monospace' }} />
                ))}
              </Stack>
            </CardContent>
            <CardActions>
              {k !== 'division' ? <ExportButton kind={k} nodeId={node.id} /> : null}
              <Button
                variant="contained"
                startIcon={<UploadFileIcon />}
                onClick={() => setKind(k)}
                data-testid={`import-open-${k}`}
              >
                {t(`orgs.import.kinds.${k}.open`)}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
      {kind ? <ImportDialog kind={kind} node={node} onClose={() => setKind(null)} /> : null}
    </>
  );
}

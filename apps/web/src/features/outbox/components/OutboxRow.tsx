import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { Box, Collapse, IconButton, TableCell, TableRow } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxItem } from '../api/get-outbox';

export function OutboxRow({ item, dateFormat }: { item: OutboxItem; dateFormat: Intl.DateTimeFormat }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = `outbox-text-${item.id}`;
  return (
    <>
      <TableRow sx={{ '& > *': { borderBottom: 'unset' } }} data-testid={`outbox-row-${item.id}`}>
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-label={open ? t('outbox.hideText') : t('outbox.showText')}
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
          </IconButton>
        </TableCell>
        <TableCell>{item.subject}</TableCell>
        <TableCell>{item.to}</TableCell>
        <TableCell>{item.template}</TableCell>
        <TableCell>{dateFormat.format(new Date(item.createdAt))}</TableCell>
      </TableRow>
      <TableRow>
        <TableCell sx={{ py: 0 }} colSpan={5}>
          <Collapse in={open} timeout="auto" unmountOnExit>
            <Box
              id={panelId}
              component="pre"
              sx={{
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-word',
                fontFamily: 'monospace',
                fontSize: 13,
                p: 2,
                m: 0,
              }}
            >
              {item.text}
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
}

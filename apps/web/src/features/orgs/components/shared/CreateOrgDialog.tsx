import type { OrgDetail, OrgRef, OrgTypeId } from '@fc/contracts';
import { Dialog, DialogContent, DialogTitle, useMediaQuery, useTheme } from '@mui/material';
import { useId } from 'react';
import { CreateOrgForm } from './CreateOrgForm';

interface CreateOrgDialogProps {
  open: boolean;
  title: string;
  typeOptions: readonly OrgTypeId[];
  parent?: OrgRef;
  onClose: () => void;
  onCreated: (node: OrgDetail) => void;
}

export function CreateOrgDialog({ open, title, typeOptions, parent, onClose, onCreated }: CreateOrgDialogProps) {
  const id = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={id}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      data-testid="create-org-dialog"
    >
      <DialogTitle id={id}>{title}</DialogTitle>
      <DialogContent>
        {open ? (
          <CreateOrgForm typeOptions={typeOptions} parent={parent} onCreated={onCreated} onCancel={onClose} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

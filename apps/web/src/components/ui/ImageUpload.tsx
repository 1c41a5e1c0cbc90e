import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Avatar, Button, Stack, type SxProps, type Theme, Typography } from '@mui/material';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ChangeEvent, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api/errors';
import { useToast } from './ToastProvider';

/** What every image upload accepts (the API checks the same: JPEG, PNG or WebP up to 2 MB). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

interface ImageUploadProps<TData, TVariables> {
  /** The image shown now (none: the letter). */
  src: string | null;
  alt: string;
  letter: string;
  size: number;
  /** Round for people, rounded squares with the brand colour for logos. */
  variant?: 'circular' | 'rounded';
  /**
   * `column`: the button under the image; `row`: the button and hint beside it (outlined), or the
   * image alone when nothing can be uploaded.
   */
  layout?: 'column' | 'row';
  canUpload?: boolean;
  /** The upload call; `variables` turns the chosen file into its variables. */
  mutation: Pick<UseMutationResult<TData, Error, TVariables>, 'mutate' | 'isPending'>;
  variables: (file: File) => TVariables;
  onUploaded?: (data: TData) => void;
  uploadLabel: string;
  uploadedText: string;
  /** The "JPEG, PNG or WebP, 2 MB" caption. */
  hint?: boolean;
  testIds: { input: string; image?: string; button?: string };
}

/**
 * An image (avatar, photo or logo) and, for those who may change it, a button that picks a file,
 * checks its type and size here first, uploads it and says how it went.
 */
export function ImageUpload<TData, TVariables>({
  src,
  alt,
  letter,
  size,
  variant = 'circular',
  layout = 'column',
  canUpload = true,
  mutation,
  variables,
  onUploaded,
  uploadLabel,
  uploadedText,
  hint = false,
  testIds,
}: ImageUploadProps<TData, TVariables>) {
  const { t } = useTranslation();
  const toast = useToast();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return toast.error(t('avatar.badType'));
    if (file.size > IMAGE_MAX_BYTES) return toast.error(t('avatar.tooLarge'));
    mutation.mutate(variables(file), {
      onSuccess: (data) => {
        onUploaded?.(data);
        toast.success(uploadedText);
      },
      onError: (error) => toast.error(errorMessage(error, t('errors.generic'))),
    });
  };

  const sx: SxProps<Theme> = { width: size, height: size, fontSize: size / 2.5 };
  const row = layout === 'row';
  const controls = canUpload ? (
    <>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        hidden
        onChange={onFile}
        data-testid={testIds.input}
      />
      <Button
        size="small"
        variant={row ? 'outlined' : 'text'}
        startIcon={<PhotoCameraIcon />}
        onClick={() => input.current?.click()}
        disabled={mutation.isPending}
        sx={row ? { alignSelf: 'flex-start' } : undefined}
        data-testid={testIds.button}
      >
        {uploadLabel}
      </Button>
      {hint ? (
        <Typography variant="caption" color="text.secondary">
          {t('avatar.hint')}
        </Typography>
      ) : null}
    </>
  ) : null;

  return (
    <Stack direction={row && canUpload ? 'row' : 'column'} spacing={row ? 2 : 1} sx={{ alignItems: 'center' }}>
      <Avatar
        variant={variant}
        src={src ?? undefined}
        alt={alt}
        sx={variant === 'rounded' ? { ...sx, bgcolor: 'primary.main' } : sx}
        data-testid={testIds.image}
      >
        {letter}
      </Avatar>
      {row && controls ? <Stack spacing={0.5}>{controls}</Stack> : controls}
    </Stack>
  );
}

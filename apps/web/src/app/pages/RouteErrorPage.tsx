import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { Box } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MiscMessage } from './MiscPages';

/** Router error boundary: a render error or a failed lazy chunk shows the error page. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    console.error(error);
  }, [error]);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Box component="main">
      <MiscMessage
        testId="route-error"
        icon={<ErrorOutlineIcon color="error" sx={{ fontSize: 56 }} aria-hidden />}
        title={notFound ? t('misc.notFoundTitle') : t('misc.errorTitle')}
        body={notFound ? t('misc.notFoundBody') : t('misc.errorBody')}
      />
    </Box>
  );
}

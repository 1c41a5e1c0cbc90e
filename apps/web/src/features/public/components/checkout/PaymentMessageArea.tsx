import { Alert, Box } from '@mui/material';
import type { PaymentMessage } from './paymentResult';

/**
 * The payment's message area (spec §2 checkout): always in the page, so screen readers hear
 * every new result, success, processing, a decline or an error.
 */
export function PaymentMessageArea({ message }: { message: PaymentMessage | null }) {
  return (
    <Box role="status" aria-live="polite" aria-atomic="true" data-testid="payment-message">
      {message ? (
        <Alert severity={message.tone} variant="outlined">
          <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
            {message.text}
          </Box>
          {message.detail ? (
            <Box component="span" sx={{ display: 'block' }}>
              {message.detail}
            </Box>
          ) : null}
        </Alert>
      ) : null}
    </Box>
  );
}

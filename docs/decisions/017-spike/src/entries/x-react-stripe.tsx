export { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';

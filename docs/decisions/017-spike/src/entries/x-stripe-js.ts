export { loadStripe } from '@stripe/stripe-js';

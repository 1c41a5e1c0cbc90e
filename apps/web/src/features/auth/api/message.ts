/** Response of the calls that only answer with a message. */
export interface MessageResponse {
  hasError: false;
  message: string;
}
